// What the contract fuzzer knows about endpoints beyond their schemas. Keep these lists short: every entry is a
// place where a new endpoint is NOT covered automatically, so each one needs a reason.

/**
 * Endpoints the fuzzer cannot build inputs for, with the reason. Empty today: every input schema of the
 * contract is an object the generator understands. A new endpoint that cannot be fuzzed must be listed here
 * (the test fails otherwise); an id listed here that the contract no longer has fails too.
 */
export const NOT_FUZZED: Readonly<Record<string, string>> = {};

/**
 * Tables an endpoint may change while refusing, by design, with the reason. Anything else written on a
 * refusal fails the fuzzer.
 */
export const REFUSAL_MAY_WRITE: Readonly<Record<string, { tables: readonly string[]; reason: string }>> = {
  'auth.mobile_code_login': {
    tables: ['sms_codes'],
    reason: 'a wrong code counts against the code’s 5 tries, committed before the refusal (docs/areas/accounts.md: SMS login)',
  },
  'auth.official_weixin_login': {
    tables: ['oauth_states'],
    reason: 'the one-time OAuth state is spent before the code is exchanged, so a state never serves twice, even with a bad code',
  },
  'account.cancel': {
    tables: ['sms_codes'],
    reason: 'a wrong deletion code counts against the code’s 5 tries, committed before the refusal (same rule as login)',
  },
  'binding.confirm_bind_mobile': {
    tables: ['sms_codes'],
    reason: 'a wrong code counts against the code’s 5 tries, committed before the refusal (same rule as login)',
  },
  'vip.exchange': {
    tables: ['vip_code_attempts'],
    reason: 'a wrong VIP code counts against the user’s tries in the window (rate limit), committed before the refusal',
  },
};
