import { HOST_PREFIX, type Host } from '../contract/endpoint';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../protocol/keys';

const env = import.meta.env as Record<string, string | undefined>;

export const SIGN_KEY = env.VITE_SIGN_KEY || DEFAULT_SIGN_KEY;
export const ENCRYPT_KEY = env.VITE_ENCRYPT_KEY || DEFAULT_ENCRYPT_KEY;
export const REQUEST_TIMEOUT_MS = 30000;

/** Base URL of each host: VITE_HOST_<NAME> when set, else the reference server's prefix on this origin. */
export function hostBase(host: Host): string {
  return env[`VITE_HOST_${host.toUpperCase()}`] ?? HOST_PREFIX[host];
}
