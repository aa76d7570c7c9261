/**
 * Solves the server's PBKDF2/SHA-256 proof-of-work challenge on the page with Web Crypto, in place of the widget's
 * Web Worker. A worker built from a blob needs `worker-src blob:` in the Content-Security-Policy and a worker file
 * must be cached for offline use; `crypto.subtle` runs the hashing off the main thread anyway, and the loop awaits it,
 * so the page stays responsive. Same algorithm as altcha-lib's: password = nonce ‖ counter (uint32, big-endian).
 */

export interface Pbkdf2Challenge {
  parameters: { nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
}

export interface Solution {
  counter: number;
  derivedKey: string;
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Tries counters start, start+step, … until the derived key starts with the challenge's prefix; null when aborted. */
export async function solvePbkdf2(
  challenge: Pbkdf2Challenge,
  opts: { start?: number; step?: number; signal?: AbortSignal } = {},
): Promise<Solution | null> {
  const { nonce, salt, cost, keyLength, keyPrefix } = challenge.parameters;
  const nonceBytes = hexToBytes(nonce);
  const saltBytes = hexToBytes(salt);
  const password = new Uint8Array(nonceBytes.length + 4);
  password.set(nonceBytes);
  const view = new DataView(password.buffer);
  const prefix = keyPrefix.toLowerCase();
  for (let counter = opts.start ?? 0; counter <= 0xffffffff; counter += opts.step ?? 1) {
    if (opts.signal?.aborted) return null;
    view.setUint32(nonceBytes.length, counter, false);
    const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', salt: saltBytes, iterations: cost, hash: 'SHA-256' }, key, keyLength * 8);
    const derived = toHex(new Uint8Array(bits));
    if (derived.startsWith(prefix)) return { counter, derivedKey: derived };
  }
  return null;
}

interface WorkMessage {
  type: 'work' | 'abort';
  challenge?: Pbkdf2Challenge;
  counterStart?: number;
  counterStep?: number;
}

/**
 * What the widget asks of a worker (postMessage work/abort, a `message` event with the solution, terminate), done
 * on the page. Registered with `$altcha.algorithms.set('PBKDF2/SHA-256', () => new PageSolver())`.
 */
export class PageSolver extends EventTarget {
  private abort = new AbortController();

  postMessage(message: WorkMessage): void {
    if (message.type === 'abort') {
      this.abort.abort();
      return;
    }
    if (message.type !== 'work' || !message.challenge) return;
    this.abort = new AbortController();
    solvePbkdf2(message.challenge, { start: message.counterStart, step: message.counterStep, signal: this.abort.signal }).then(
      (solution) => this.dispatchEvent(new MessageEvent('message', { data: solution })),
      (error: unknown) => this.dispatchEvent(new MessageEvent('message', { data: { error: String(error) } })),
    );
  }

  terminate(): void {
    this.abort.abort();
  }
}
