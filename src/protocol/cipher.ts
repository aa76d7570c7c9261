import { gcm } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Response encryption, shared by client and server.
 * AES-256-GCM; key = SHA-256(utf8(encryptKey)); `data.encrypt` = base64(nonce[12] || ciphertext || tag[16]);
 * the plaintext is the JSON of the real `data`.
 */
function keyBytes(secret: string): Uint8Array {
  return sha256(utf8ToBytes(secret));
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export function encryptJson(secret: string, value: unknown, nonce: Uint8Array): string {
  if (nonce.length !== 12) throw new Error('nonce must be 12 bytes');
  const sealed = gcm(keyBytes(secret), nonce).encrypt(utf8ToBytes(JSON.stringify(value)));
  const out = new Uint8Array(12 + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, 12);
  return toBase64(out);
}

/** Throws when the payload was tampered with or the key is wrong. */
export function decryptJson(secret: string, payload: string): unknown {
  const bytes = fromBase64(payload);
  if (bytes.length < 12 + 16) throw new Error('encrypted payload too short');
  const plain = gcm(keyBytes(secret), bytes.subarray(0, 12)).decrypt(bytes.subarray(12));
  return JSON.parse(new TextDecoder().decode(plain));
}
