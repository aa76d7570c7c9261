/**
 * Tracking settings (issue 15). TRACKING_PROVIDER=sandbox (default) invents plausible tracks offline;
 * TRACKING_PROVIDER=kuaidi100 asks Kuaidi100's real-time query API with the company number and key Kuaidi100 gave.
 * The key comes only from the environment or a file it names (KUAIDI100_KEY_FILE), and is never logged or answered.
 */

import { secretFrom } from './config-secret';
import { DEFAULTS } from './config-settings';
import { KUAIDI100_API_BASE, type Kuaidi100Settings } from './providers/tracking/kuaidi100';

type Env = Record<string, string | undefined>;

export interface TrackingConfig {
  trackingProvider: 'sandbox' | 'kuaidi100';
  /** Set with TRACKING_PROVIDER=kuaidi100. */
  kuaidi100: Pick<Kuaidi100Settings, 'customer' | 'key' | 'apiBase'> | null;
  /** A parcel's track is asked of the provider at most this often (TRACKING_REFRESH_SECONDS); final tracks never again. */
  trackingRefreshSeconds: number;
}

export function trackingFrom(env: Env): TrackingConfig {
  const provider = env.TRACKING_PROVIDER || 'sandbox';
  if (provider !== 'sandbox' && provider !== 'kuaidi100')
    throw new Error(`TRACKING_PROVIDER "${provider}" is not available (supported: sandbox, kuaidi100)`);
  const rawRefresh = env.TRACKING_REFRESH_SECONDS;
  const trackingRefreshSeconds = rawRefresh === undefined || rawRefresh === '' ? DEFAULTS.TRACKING_REFRESH_SECONDS : Number(rawRefresh);
  if (!Number.isInteger(trackingRefreshSeconds) || trackingRefreshSeconds < 60)
    throw new Error(`TRACKING_REFRESH_SECONDS must be an integer of at least 60, got "${rawRefresh}"`);
  if (provider === 'sandbox') return { trackingProvider: 'sandbox', kuaidi100: null, trackingRefreshSeconds };
  const customer = env.KUAIDI100_CUSTOMER;
  if (!customer) throw new Error('TRACKING_PROVIDER=kuaidi100 needs KUAIDI100_CUSTOMER (the company number Kuaidi100 assigned)');
  const key = secretFrom(env, 'KUAIDI100_KEY');
  if (!key) throw new Error('TRACKING_PROVIDER=kuaidi100 needs KUAIDI100_KEY or KUAIDI100_KEY_FILE');
  const apiBase = (env.KUAIDI100_API_BASE || KUAIDI100_API_BASE).replace(/\/+$/, '');
  // https as Kuaidi100 serves it; plain http only to a loopback address (a local fake of Kuaidi100 in tests).
  if (!/^https:\/\/[^\s/?#]+$/.test(apiBase) && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(apiBase))
    throw new Error(`KUAIDI100_API_BASE must be an https base URL, got "${apiBase}"`);
  return { trackingProvider: 'kuaidi100', kuaidi100: { customer, key, apiBase }, trackingRefreshSeconds };
}
