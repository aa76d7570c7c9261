import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueProblems, type EnvRead, envReadsIn, renderConfigDocs, scanEnvReads } from '../../scripts/gen-config-docs';
import { loadConfig } from '../../src/server/config';
import { ConfigError } from '../../src/server/config-profile';
import { SETTINGS } from '../../src/server/config-settings';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-config-settings-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The problems a start names, or [] when it starts. */
function refusals(env: Record<string, string>): string[] {
  try {
    loadConfig(env, { dataDir });
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    return [(e as Error).message];
  }
}

/** The settings the lines name first (`JWT_SECRET (or …) is required`, `PAY_PROVIDER=wechat is required`). */
const namedFirst = (lines: string[]) => new Set(lines.map((l) => /^([A-Z][A-Z0-9_]*)/.exec(l)?.[1] ?? l));

describe('the settings catalogue (src/server/config-settings.ts)', () => {
  it('declares exactly the settings the code reads, secrets as secrets', () => {
    expect(catalogueProblems()).toEqual([]);
  });

  it('recognises every way the config code reads a setting', () => {
    const source = [
      "const a = env.PLAIN_ONE ?? process.env.PLAIN_TWO ?? import.meta.env.PLAIN_THREE ?? env['BRACKETED'];",
      "intFrom(env, 'AN_INT', 1); switchFrom(env, 'A_SWITCH', true); baseUrlFrom(env, 'A_BASE', 'https://x');",
      "secretFrom(env, 'A_SECRET'); r.need('NEEDED'); r.endpoint('AN_ENDPOINT', 'https://x'); r.secret('READER_SECRET');",
      "if (!secret('PROFILE_SECRET')) {} const name = `A_FAMILY_${host.toUpperCase()}`;",
      '// env.IN_A_COMMENT /* env.ALSO_IN_A_COMMENT */ env.PATH import.meta.env.DEV',
    ].join('\n');
    const reads = envReadsIn(source, 'probe.ts');
    expect(Object.fromEntries(reads.map((r) => [r.name, r.secret]))).toEqual({
      PLAIN_ONE: false,
      PLAIN_TWO: false,
      PLAIN_THREE: false,
      BRACKETED: false,
      AN_INT: false,
      A_SWITCH: false,
      A_BASE: false,
      A_SECRET: true,
      NEEDED: false,
      AN_ENDPOINT: false,
      READER_SECRET: true,
      PROFILE_SECRET: true,
      'A_FAMILY_<NAME>': false,
    });
  });

  it('names a setting read but not declared, declared but not read, or a secret mismatch', () => {
    const reads = scanEnvReads();
    const probe: EnvRead = { name: 'NEW_SETTING', secret: false, file: 'src/server/config-new.ts' };
    expect(catalogueProblems(SETTINGS, [...reads, probe])).toEqual([
      'NEW_SETTING is read (src/server/config-new.ts) but not declared in src/server/config-settings.ts',
    ]);
    const withoutPort = reads.filter((r) => r.name !== 'PORT');
    expect(catalogueProblems(SETTINGS, withoutPort)).toEqual([expect.stringMatching(/^PORT is declared .* but read nowhere/)]);
    const notSecret = reads.map((r) => (r.name === 'KUAIDI100_KEY' ? { ...r, secret: false } : r));
    expect(catalogueProblems(SETTINGS, notSecret)).toEqual([expect.stringMatching(/^KUAIDI100_KEY is declared secret: true/)]);
    const asSecret = reads.map((r) => (r.name === 'KUAIDI100_CUSTOMER' ? { ...r, secret: true } : r));
    expect(catalogueProblems(SETTINGS, asSecret)).toEqual([expect.stringMatching(/^KUAIDI100_CUSTOMER is read as a secret/)]);
  });

  it('docs/configuration.md is the one generated from it', () => {
    const file = fs.readFileSync(path.resolve('docs/configuration.md'), 'utf8');
    expect(file, 'run npm run gen').toBe(renderConfigDocs());
  });

  it('marks required exactly what an empty production environment is refused for', () => {
    const required = SETTINGS.filter((s) => s.production === 'required').map((s) => s.name);
    const refused = refusals({ NODE_ENV: 'production' }).filter((l) => l.includes('required'));
    expect([...namedFirst(refused)].sort()).toEqual([...required].sort());
    // A staging server (ALLOW_SANDBOXES=1) still needs the secrets and origins, not the real providers.
    const staging = refusals({ NODE_ENV: 'production', ALLOW_SANDBOXES: '1' });
    const unlessSandboxes = SETTINGS.filter((s) => s.rule?.includes('ALLOW_SANDBOXES')).map((s) => s.name);
    expect([...namedFirst(staging)].sort()).toEqual(required.filter((n) => !unlessSandboxes.includes(n)).sort());
  });

  it('marks refused-if exactly the settings a start refuses some value of', () => {
    const staging = { NODE_ENV: 'production', ALLOW_SANDBOXES: '1' };
    const secrets = {
      JWT_SECRET: 'j'.repeat(32),
      SIGN_KEY: 'sign',
      ENCRYPT_KEY: 'encrypt',
      VOD_KEY: 'vod',
      ALTCHA_HMAC_KEY: 'a'.repeat(32),
      PUBLIC_ORIGINS: 'https://m.example.com',
    };
    const refusedValues: Record<string, Record<string, string>> = {
      HOST: { HOST: '0.0.0.0' },
      TRUST_PROXY: { TRUST_PROXY: 'true' },
      DEV_TOOLS: { NODE_ENV: 'production', DEV_TOOLS: '1', ...secrets },
    };
    expect(Object.keys(refusedValues).sort()).toEqual(
      SETTINGS.filter((s) => s.production === 'refused-if')
        .map((s) => s.name)
        .sort(),
    );
    expect(refusals({ ...staging, ...secrets })).toEqual([]);
    for (const [name, env] of Object.entries(refusedValues)) {
      expect(namedFirst(refusals(env)), name).toContain(name);
    }
    // Set knowingly, each is accepted.
    expect(refusals({ HOST: '0.0.0.0', DEV_TOOLS: '0' })).toEqual([]);
    expect(refusals({ TRUST_PROXY: '1' })).toEqual([]);
    expect(refusals({ ...staging, ...secrets, DEV_TOOLS: '1' })).toEqual([]);
  });
});
