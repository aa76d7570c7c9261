import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layer table of docs/architecture.md is enforced by Biome (the overrides scripts/gen-layers.ts writes into
 * biome.json, and the import-cycle rule). Each probe is a small project in a temporary folder, outside src/, with the
 * real biome.json and a file with a deliberate import; the real linter runs on it. A probe that passes must show that
 * the linter checked its file, so a missing or broken linter fails the test instead of passing it.
 */
const BIOME = path.resolve('node_modules/.bin/biome');
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

interface Lint {
  /** The rule names reported (e.g. noRestrictedImports). */
  rules: string[];
  output: string;
}

function lint(files: Record<string, string>): Lint {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-layers-'));
  roots.push(root);
  fs.copyFileSync('biome.json', path.join(root, 'biome.json'));
  fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
  let output: string;
  try {
    output = execFileSync(BIOME, ['lint', '--diagnostic-level=error', '--max-diagnostics=50', 'src'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; code?: string };
    if (err.code === 'ENOENT') throw new Error(`the linter is missing: ${BIOME}`);
    output = `${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
  const checked = /Checked (\d+) files?/.exec(output);
  expect(Number(checked?.[1] ?? 0), `the linter must have checked the probe:\n${output}`).toBe(Object.keys(files).length);
  return { rules: [...output.matchAll(/lint\/\w+\/(\w+)/g)].map((m) => m[1] as string), output };
}

const refused = (files: Record<string, string>) => lint(files).rules;

describe('layers are checked by the lint step', () => {
  it('refuses a block that imports axios, platform/ or state/, at any depth', () => {
    for (const [file, bad] of [
      ['src/blocks/text/probe.ts', "import axios from 'axios';"],
      ['src/blocks/text/probe.ts', "import { storage } from '../../platform/storage';"],
      ['src/blocks/text/probe.ts', "import { uiState } from '../../state/ui';"],
      ['src/blocks/text/a/b/c/d/e/probe.ts', "import { uiState } from '../../../../../../../state/ui';"],
    ] as const) {
      expect(refused({ [file]: `${bad}\nexport const probe = 1;\n` }), bad).toContain('noRestrictedImports');
    }
  });

  it('lets a block import its own files, the block API, format and i18n', () => {
    const r = lint({
      'src/blocks/text/probe.ts': [
        "import type { BlockProps } from '../../runtime/block-api';",
        "import { i18n } from '../../i18n';",
        "import { money } from '../../format/money';",
        "import { local } from './local';",
        'export const probe: [BlockProps | null, unknown, unknown, unknown] = [null, i18n, money, local];',
        '',
      ].join('\n'),
    });
    expect(r.rules).toEqual([]);
  });

  it('lets a block import the shared article Markdown rules (protocol/markdown), and no other protocol file', () => {
    const ok = lint({
      'src/blocks/markdown/probe.ts': [
        "import { isSiteLink } from '../../protocol/markdown/links';",
        "import { ARTICLE_MARKDOWN } from '../../protocol/markdown/options';",
        'export const probe = [isSiteLink, ARTICLE_MARKDOWN];',
        '',
      ].join('\n'),
    });
    expect(ok.rules).toEqual([]);
    const bad = refused({ 'src/blocks/markdown/probe.ts': "import { sign } from '../../protocol/sign';\nexport const probe = sign;\n" });
    expect(bad).toContain('noRestrictedImports');
  });

  it('refuses a block that imports another block, and a module that imports another module', () => {
    expect(
      refused({ 'src/blocks/text/probe.ts': "import { Image } from '../image/ImageBlock';\nexport const probe = Image;\n" }),
    ).toContain('noRestrictedImports');
    expect(
      refused({
        'src/modules/orders-result/probe.ts': "import { rules } from '../order-checkout/checkout-rules';\nexport const probe = rules;\n",
      }),
    ).toContain('noRestrictedImports');
    expect(
      refused({ 'src/modules/orders-result/probe.ts': "import '../order-checkout/order-checkout.css';\nexport const probe = 1;\n" }),
    ).toContain('noRestrictedImports');
  });

  it('lets a module import src/modules/shared, and shared pieces import each other', () => {
    expect(
      refused({
        'src/modules/orders-result/probe.ts':
          "import { BottomSheet } from '../shared/bottom-sheet/BottomSheet';\nexport const probe = BottomSheet;\n",
        'src/modules/shared/question-card/probe.ts':
          "import { BottomSheet } from '../bottom-sheet/BottomSheet';\nexport const probe = BottomSheet;\n",
      }),
    ).toEqual([]);
  });

  it('refuses a business contract in the runtime, and client code or display rules in the server', () => {
    expect(
      refused({ 'src/runtime/probe.ts': "import { pageConfig } from '../contract/pages';\nexport const probe = pageConfig;\n" }),
    ).toContain('noRestrictedImports');
    expect(refused({ 'src/server/probe.ts': "import { call } from '../api';\nexport const probe = call;\n" })).toContain(
      'noRestrictedImports',
    );
    expect(
      refused({ 'src/server/a/b/c/d/probe.ts': "import { money } from '../../../../../format/money';\nexport const probe = money;\n" }),
    ).toContain('noRestrictedImports');
  });

  it('refuses a module that reaches into state/ instead of its environment', () => {
    expect(
      refused({ 'src/modules/users-home/probe.ts': "import { authState } from '../../state/auth';\nexport const probe = authState;\n" }),
    ).toContain('noRestrictedImports');
  });

  it('refuses an import cycle', () => {
    expect(
      refused({
        'src/server/areas/orders/a.ts': "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
        'src/server/areas/orders/b.ts': "import { a } from './a';\nexport const b = (): number => a() - 1;\n",
      }),
    ).toContain('noImportCycles');
  });

  it('refuses an area that imports another area past its door, and the rest of the server likewise', () => {
    for (const [file, bad] of [
      ['src/server/areas/payments/probe.ts', "import { markPaid } from '../orders/order-state';"],
      ['src/server/areas/payments/probe.ts', "import { markPaid } from '../../areas/orders/order-state';"],
      ['src/server/app.ts', "import { markPaid } from './areas/orders/order-state';"],
      ['src/server/db/seed/probe.ts', "import { markPaid } from '../../areas/orders/order-state';"],
    ] as const) {
      expect(refused({ [file]: `${bad}\nexport const probe = markPaid;\n` }), `${file}: ${bad}`).toContain('noRestrictedImports');
    }
  });

  it('lets an area import another through its door or its row types, and the parent layer as before', () => {
    const r = lint({
      'src/server/areas/payments/probe.ts': [
        "import { markPaid } from '../orders';",
        "import type { OrdersTables } from '../orders/tables';",
        "import type { Services } from '../../http/context';",
        "import { local } from './local';",
        'export const probe: [unknown, OrdersTables | null, Services | null, unknown] = [markPaid, null, null, local];',
        '',
      ].join('\n'),
      'src/server/db/probe.ts':
        "import { ordersArea } from '../areas/orders';\nimport type { T } from '../areas/users/user-center-tables';\nexport const probe: [unknown, T | null] = [ordersArea, null];\n",
    });
    expect(r.rules).toEqual([]);
  });

  it('keeps the parent layer rules inside an area', () => {
    expect(
      refused({ 'src/server/areas/orders/probe.ts': "import { money } from '../../../format/money';\nexport const probe = money;\n" }),
    ).toContain('noRestrictedImports');
  });

  it('lets a module import its own area contract only; other areas come as OutputOfId through the block API', () => {
    expect(
      refused({
        'src/modules/orders-result/probe.ts': "import type { GoodsItem } from '../../contract/catalog';\nexport type Probe = GoodsItem;\n",
      }),
    ).toContain('noRestrictedImports');
    expect(
      refused({ 'src/modules/shipping-logistics/probe.ts': "import { x } from '../../contract/orders-extra';\nexport const probe = x;\n" }),
    ).toContain('noRestrictedImports');
    const r = lint({
      'src/modules/orders-result/probe.ts':
        "import { ORDER_RULES } from '../../contract/orders';\nimport type { Envelope } from '../../contract/envelope';\nexport const probe: [unknown, Envelope | null] = [ORDER_RULES, null];\n",
      'src/modules/questions-answerer/probe.ts': "import { x } from '../../contract/questions-practice';\nexport const probe = x;\n",
      'src/modules/shared/refund-sheet/probe.ts':
        "import { REFUND_REASONS } from '../../../contract/refunds';\nexport const probe = REFUND_REASONS;\n",
    });
    expect(r.rules).toEqual([]);
  });
});
