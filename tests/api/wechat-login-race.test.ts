import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { CODE } from '../../src/contract/envelope';
import { request } from '../support/api-client';
import { countRows, expectRefused, freshMobile, oauthRound, sendCode } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

// WeChat login replayed in parallel: like the SMS code, a state and a third_auth_key are won once.
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const wxLogin = (code: string, state: string) => request(s.url, auth.officialWeixinLogin, { code, state });
  const usersWith = async (mobile: string) =>
    (await s.services.db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).execute()).length;
  const won = (r: { body: { status: number } }) => r.body.status === 0;

  it('one state used twice at once: exactly one login wins, the other spends no code', async () => {
    for (let round = 0; round < 3; round += 1) {
      const one = await oauthRound(s, 'new');
      const two = await oauthRound(s, 'new');
      // Both grants are valid; only the state is shared.
      const replies = await Promise.all([wxLogin(one.code, one.state), wxLogin(two.code, one.state)]);
      expect(replies.filter(won)).toHaveLength(1);
      const loser = replies.find((r) => !won(r));
      if (!loser) throw new Error('no refused reply');
      expectRefused(loser, 400, CODE.badInput, 'state');
      // The refused request did not exchange its code: it still logs in with its own state.
      const loserCode = replies[0] === loser ? one.code : two.code;
      expect((await wxLogin(loserCode, two.state)).body.status).toBe(0);
    }
  });

  it('one third_auth_key with two mobiles at once: exactly one is bound, the other changes nothing', async () => {
    for (let round = 0; round < 3; round += 1) {
      const grant = await oauthRound(s, 'new');
      const key = (await wxLogin(grant.code, grant.state)).body.data.data.third_auth_key;
      const mobiles = [freshMobile(), freshMobile()];
      const codes = [await sendCode(s, mobiles[0] as string), await sendCode(s, mobiles[1] as string)];
      const users = await countRows(s, 'users');
      const replies = await Promise.all(
        mobiles.map((mobile, i) => request(s.url, auth.mobileCodeLogin, { mobile, code: codes[i] as string, third_auth_key: key })),
      );
      expect(replies.filter(won)).toHaveLength(1);
      const w = replies.findIndex(won);
      const l = 1 - w;
      expectRefused(replies[l] as (typeof replies)[number], 400, CODE.badInput, 'third_auth_key');
      const winner = replies[w]?.body.data.user;
      const identity = await s.services.db.kysely
        .selectFrom('third_identities')
        .innerJoin('third_auth_keys', 'third_auth_keys.identity_id', 'third_identities.id')
        .select('third_identities.user_id')
        .where('third_auth_keys.key', '=', key)
        .executeTakeFirstOrThrow();
      expect(identity.user_id).toBe(winner?.id);
      // The loser's account was not created and its code was not spent.
      expect(await countRows(s, 'users')).toBe(users + 1);
      const loserMobile = mobiles[l] as string;
      expect(await usersWith(loserMobile)).toBe(0);
      const plain = await request(s.url, auth.mobileCodeLogin, { mobile: loserMobile, code: codes[l] as string });
      expect(plain.body.data.user).toMatchObject({ mobile: loserMobile, is_first: 1 });
    }
  });

  it('two keys of one WeChat identity with two mobiles at once: one binds, the other is refused with 409', async () => {
    const one = await oauthRound(s, 'new');
    const firstKey = (await wxLogin(one.code, one.state)).body.data.data.third_auth_key;
    const openid = (
      await s.services.db.kysely.selectFrom('sandbox_oauth_codes').select('openid').where('code', '=', one.code).executeTakeFirstOrThrow()
    ).openid;
    const two = await oauthRound(s, 'new');
    await s.services.db.kysely.updateTable('sandbox_oauth_codes').set({ openid }).where('code', '=', two.code).execute();
    const secondKey = (await wxLogin(two.code, two.state)).body.data.data.third_auth_key;
    const mobiles = [freshMobile(), freshMobile()];
    const codes = [await sendCode(s, mobiles[0] as string), await sendCode(s, mobiles[1] as string)];
    const replies = await Promise.all([
      request(s.url, auth.mobileCodeLogin, { mobile: mobiles[0] as string, code: codes[0] as string, third_auth_key: firstKey }),
      request(s.url, auth.mobileCodeLogin, { mobile: mobiles[1] as string, code: codes[1] as string, third_auth_key: secondKey }),
    ]);
    expect(replies.filter(won)).toHaveLength(1);
    const l = replies.findIndex((r) => !won(r));
    expectRefused(replies[l] as (typeof replies)[number], 409, CODE.conflict, '已绑定其他手机号');
    expect(await usersWith(mobiles[l] as string)).toBe(0);
  });

  it('a wrong code with a third_auth_key still counts the try and keeps the key', async () => {
    const grant = await oauthRound(s, 'new');
    const key = (await wxLogin(grant.code, grant.state)).body.data.data.third_auth_key;
    const mobile = freshMobile();
    const code = await sendCode(s, mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectRefused(
      await request(s.url, auth.mobileCodeLogin, { mobile, code: wrong, third_auth_key: key }),
      400,
      CODE.badInput,
      '还可尝试 4 次',
    );
    expectRefused(
      await request(s.url, auth.mobileCodeLogin, { mobile, code: wrong, third_auth_key: key }),
      400,
      CODE.badInput,
      '还可尝试 3 次',
    );
    const ok = await request(s.url, auth.mobileCodeLogin, { mobile, code, third_auth_key: key });
    expect(ok.body.status).toBe(0);
  });
});
