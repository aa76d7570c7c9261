import { storage } from '../platform/storage';

/** Not among the session's keys: the id stays across logouts, since it stands for the device, not the user. */
const KEY = 'beikao.device_id';
let memory: string | null = null;

/**
 * A random id of this browser, made once and kept in localStorage, sent as the `DeviceId` header: the server
 * counts SMS code sends per device with it. Random, so it says nothing about the device or the user.
 */
export function deviceId(): string {
  if (memory) return memory;
  const kept = storage.get(KEY);
  if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) {
    memory = kept;
    return kept;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  memory = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  storage.set(KEY, memory);
  return memory;
}
