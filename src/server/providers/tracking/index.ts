import type { TrackingConfig } from '../../config-tracking';
import { Kuaidi100Provider } from './kuaidi100';
import { SandboxTrackingProvider } from './sandbox-tracking';
import type { TrackingProvider } from './types';

/** The tracking provider the settings choose (TRACKING_PROVIDER): the offline sandbox by default, or Kuaidi100. */
export function createTrackingProvider(config: TrackingConfig, clock: () => number): TrackingProvider {
  if (config.trackingProvider === 'kuaidi100' && config.kuaidi100) return new Kuaidi100Provider(config.kuaidi100);
  return new SandboxTrackingProvider(clock);
}
