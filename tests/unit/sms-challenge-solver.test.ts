import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { PageSolver, solvePbkdf2 } from '../../src/modules/shared/sms-challenge/pbkdf2-solver';

const secrets = { hmacSignatureSecret: 'challenge-secret-for-the-test-0001', hmacKeySignatureSecret: 'key-secret-for-the-test-000000001' };

/** The page's Web Crypto solver against altcha-lib v2, the server's side: the same challenge format and algorithm. */
describe('the page solver of the SMS challenge', () => {
  const challenge = () =>
    createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 200,
      counter: 37,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 300,
      ...secrets,
    });

  it('finds the counter the server chose, and altcha-lib verifies the solution', async () => {
    const c = await challenge();
    const solution = await solvePbkdf2(c);
    expect(solution?.counter).toBe(37);
    const result = await verifySolution({ challenge: c, solution: solution as NonNullable<typeof solution>, deriveKey, ...secrets });
    expect(result.verified).toBe(true);
  });

  it('answers the widget as a worker would, and stops when aborted', async () => {
    const c = await challenge();
    const worker = new PageSolver();
    const answer = new Promise<unknown>((resolve) => worker.addEventListener('message', (e) => resolve((e as MessageEvent).data)));
    worker.postMessage({ type: 'work', challenge: c, counterStart: 1, counterStep: 2 });
    expect(await answer).toMatchObject({ counter: 37 });
    const aborted = new AbortController();
    aborted.abort();
    expect(await solvePbkdf2(c, { signal: aborted.signal })).toBeNull();
  });
});
