import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The layer table of ../shared/ARCHITECTURE.md is enforced by Biome's noRestrictedImports overrides
 * (biome.json). These probes write a file with a deliberately wrong import into a layer folder and
 * expect the lint step of `npm test` to refuse it, and a file that keeps the rules to pass.
 */
const probes: string[] = [];

function lint(folder: string, source: string): { ok: boolean; output: string } {
  const dir = path.join(folder, '__layer_probe__');
  fs.mkdirSync(dir, { recursive: true });
  probes.push(dir);
  const file = path.join(dir, 'probe.ts');
  fs.writeFileSync(file, source);
  try {
    const output = execFileSync('npx', ['biome', 'lint', '--diagnostic-level=error', file], { encoding: 'utf8', stdio: 'pipe' });
    return { ok: true, output };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

afterEach(() => {
  for (const dir of probes.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('layers are checked by the lint step', () => {
  it('refuses a block that imports axios, platform/ or state/', () => {
    for (const bad of [
      "import axios from 'axios';",
      "import { storage } from '../../../platform/storage';",
      "import { uiState } from '../../../state/ui';",
    ]) {
      const r = lint('src/blocks/text', `${bad}\nexport const probe = 1;\n`);
      expect(r.ok, bad).toBe(false);
      expect(r.output).toContain('noRestrictedImports');
    }
  });

  it('lets a block import the block API, format and i18n', () => {
    const r = lint(
      'src/blocks/text',
      "import type { BlockProps } from '../../../runtime/block-api';\nimport { i18n } from '../../../i18n';\nexport const probe: [BlockProps | null, unknown] = [null, i18n];\n",
    );
    expect(r.output).not.toContain('noRestrictedImports');
  });

  it('refuses a business contract in the runtime and client code in the server', () => {
    expect(lint('src/runtime', "import { pageConfig } from '../../contract/pages';\nexport const probe = pageConfig;\n").ok).toBe(false);
    expect(lint('src/server', "import { call } from '../../api';\nexport const probe = call;\n").ok).toBe(false);
  });

  it('refuses a module that reaches into state/ instead of its environment', () => {
    expect(lint('src/modules/user-home', "import { authState } from '../../../state/auth';\nexport const probe = authState;\n").ok).toBe(
      false,
    );
  });
});
