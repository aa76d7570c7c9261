import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import * as auth from '../../src/contract/accounts';
import { request } from './api-client';

/** A challenge from the server, solved the way the widget does it, as the `altcha` payload of a send. */
export async function solvedPayload(url: string): Promise<string> {
  const res = await request(url, auth.smsChallenge, {});
  if (res.body.status !== 0) throw new Error(`no challenge: ${res.body.msg}`);
  const challenge = res.body.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString(
    'base64',
  );
}

/** Moves the server clock to the next clock hour when fewer than `need` seconds remain in this one. */
export function ensureHourLeft(s: { services: { clock(): number }; advance(seconds: number): void }, need: number): void {
  const now = s.services.clock();
  const left = 3600 - (now % 3600);
  if (left <= need) s.advance(left + 1);
}
