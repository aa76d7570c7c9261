/**
 * Writes docs/configuration.md, every setting of beikao, from the catalogue in src/server/config-settings.ts.
 * `npx tsx scripts/gen-config-docs.ts` writes it; `--check` (in `npm run gen:check`, so in `npm test`) exits 1 when
 * the file is stale or when the catalogue and the code disagree: the source files are scanned for every environment
 * variable they read, and a setting read but not declared, declared but read nowhere, or read as a secret
 * (`secretFrom`, so also as `<NAME>_FILE`) but not declared one (or the reverse) is named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTING_GROUPS, SETTINGS, type Setting, type SettingGroup } from '../src/server/config-settings';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = 'docs/configuration.md';
const CATALOGUE = 'src/server/config-settings.ts';

/** Where settings are read: the server and the client (src/), the build, `npm run dev` and the test harness. */
const SCANNED = ['src', 'vite.config.ts', 'scripts/dev.ts', 'tests/support'];

/** Names read that are not settings: the system's, and Vite's built-in `import.meta.env` flags. */
const NOT_SETTINGS = new Set(['PATH', 'HOME', 'DEV', 'PROD', 'MODE', 'BASE_URL', 'SSR']);

export interface EnvRead {
  name: string;
  /** Read through secretFrom (or a reader's `secret`): `<NAME>_FILE` works too. */
  secret: boolean;
  /** Repository-relative path of the file that reads it. */
  file: string;
}

const NAME = `['"]([A-Z][A-Z0-9_]*)['"]`;
type Match = RegExpMatchArray;
/** The ways the code reads a setting, and what each match reads. */
const READS: ReadonlyArray<{ re: RegExp; read: (m: Match) => { name: string; secret: boolean } }> = [
  // env.NAME, process.env.NAME, import.meta.env.NAME
  { re: /\benv\.([A-Z][A-Z0-9_]*)\b/g, read: (m) => ({ name: m[1] ?? '', secret: false }) },
  // env['NAME']
  { re: new RegExp(String.raw`\benv\[\s*${NAME}\s*\]`, 'g'), read: (m) => ({ name: m[1] ?? '', secret: false }) },
  // intFrom(env, 'NAME', …), switchFrom, baseUrlFrom, countFrom, secretFrom: any `<reader>From(env, 'NAME'`
  {
    re: new RegExp(String.raw`\b(\w+)From\(\s*env\s*,\s*${NAME}`, 'g'),
    read: (m) => ({ name: m[2] ?? '', secret: m[1] === 'secret' }),
  },
  // The SMS Reader's need / endpoint / secret, and the production profile's secret('NAME')
  {
    re: new RegExp(String.raw`(?:\.(need|endpoint)|\b(secret))\(\s*${NAME}`, 'g'),
    read: (m) => ({ name: m[3] ?? '', secret: m[2] === 'secret' }),
  },
  // A family: `VITE_HOST_${host.toUpperCase()}` reads VITE_HOST_<NAME>
  { re: /`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_)\$\{[^`}]*\}`/g, read: (m) => ({ name: `${m[1]}<NAME>`, secret: false }) },
];

/** Block comments and whole-line `//` comments (strings may hold `//`, as in URLs). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function sourceFiles(rel: string): string[] {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.posix.join(rel, e.name)) : [path.posix.join(rel, e.name)]))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !/\.d\.ts$/.test(f) && f !== CATALOGUE);
}

/** The environment variables one source file reads, once each. */
export function envReadsIn(source: string, file: string): EnvRead[] {
  const code = withoutComments(source);
  const seen = new Map<string, EnvRead>();
  for (const { re, read } of READS) {
    for (const m of code.matchAll(re)) {
      const { name, secret } = read(m);
      if (NOT_SETTINGS.has(name)) continue;
      const prior = seen.get(name);
      if (prior) prior.secret ||= secret;
      else seen.set(name, { name, secret, file });
    }
  }
  return [...seen.values()];
}

/** Every environment variable the scanned files read. */
export function scanEnvReads(): EnvRead[] {
  return SCANNED.flatMap(sourceFiles)
    .sort()
    .flatMap((file) => envReadsIn(fs.readFileSync(path.join(root, file), 'utf8'), file));
}

/** What is wrong between the catalogue and the code (empty when they agree). */
export function catalogueProblems(settings: readonly Setting[] = SETTINGS, reads: EnvRead[] = scanEnvReads()): string[] {
  const problems: string[] = [];
  const declared = new Map<string, Setting>();
  for (const s of settings) {
    if (declared.has(s.name)) problems.push(`${s.name} is declared twice in ${CATALOGUE}`);
    declared.set(s.name, s);
    if ((s.production === '') !== (s.rule === undefined)) {
      problems.push(`${s.name}: give a rule exactly when production is 'required' or 'refused-if' (${CATALOGUE})`);
    }
    if (!(s.group in SETTING_GROUPS)) problems.push(`${s.name}: unknown group ${s.group}`);
  }
  const byName = new Map<string, EnvRead[]>();
  for (const r of reads) {
    // A secret's `<NAME>_FILE` read directly is the secret itself.
    const base = r.name.endsWith('_FILE') ? r.name.slice(0, -'_FILE'.length) : '';
    const name = base && declared.get(base)?.secret ? base : r.name;
    byName.set(name, [...(byName.get(name) ?? []), { ...r, name }]);
  }
  for (const [name, where] of byName) {
    const files = [...new Set(where.map((r) => r.file))].join(', ');
    const s = declared.get(name);
    if (!s) {
      problems.push(`${name} is read (${files}) but not declared in ${CATALOGUE}`);
      continue;
    }
    const readAsSecret = where.some((r) => r.secret);
    if (readAsSecret && !s.secret)
      problems.push(`${name} is read as a secret (${files}, so ${name}_FILE works) but declared secret: false`);
    if (!readAsSecret && s.secret) problems.push(`${name} is declared secret: true but never read through secretFrom (${files})`);
  }
  for (const s of settings) {
    if (!byName.has(s.name)) problems.push(`${s.name} is declared in ${CATALOGUE} but read nowhere (${SCANNED.join(', ')})`);
  }
  return problems;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** GitHub's heading anchor. */
const anchor = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');

function settingName(s: Setting): string {
  return s.secret ? `\`${s.name}\`<br>\`${s.name}_FILE\`` : `\`${s.name}\``;
}

export function renderConfigDocs(settings: readonly Setting[] = SETTINGS): string {
  const groups = Object.entries(SETTING_GROUPS) as Array<[SettingGroup, { title: string; intro: string }]>;
  const rules = (kind: Setting['production']) =>
    settings.filter((s) => s.production === kind).map((s) => `- \`${s.name}\`: ${s.rule ?? ''}`);
  const out: string[] = [
    `<!-- Generated by scripts/gen-config-docs.ts from ${CATALOGUE}; do not edit. Run \`npm run gen\` after changing a setting. -->`,
    '',
    '# Configuration',
    '',
    `Every setting beikao reads from its environment: ${settings.length} in all, grouped by what they configure. The`,
    `list is declared once in \`${CATALOGUE}\`, whose plain defaults the config readers use, and \`npm test\``,
    '(`npm run gen:check`) fails when a setting is read in the code but not declared there, or declared but read nowhere.',
    '',
    '- **Secrets** (listed with `<NAME>_FILE`) can be read from a file instead: when `<NAME>_FILE` is set, the trimmed',
    '  content of the file it names is used and `<NAME>` is ignored. A file that cannot be read stops the start. Secrets',
    '  are never logged or sent in replies.',
    '- **Unset and empty** mean the default for most settings. A malformed value stops the start; the server names every',
    '  problem of the configuration at once.',
    '- **Rule at start**: what a start refuses (see [What a start refuses](#what-a-start-refuses)).',
    '',
    ...groups.map(([, g]) => `- [${g.title}](#${anchor(g.title)})`),
    '',
    '## What a start refuses',
    '',
    'With `NODE_ENV=production` (each secret also as `<NAME>_FILE`):',
    '',
    ...rules('required'),
    '',
    'Values a start refuses:',
    '',
    ...rules('refused-if'),
    '',
  ];
  for (const [group, g] of groups) {
    const rows = settings.filter((s) => s.group === group);
    if (rows.length === 0) continue;
    out.push(`## ${g.title}`, '', g.intro, '', '| Setting | Default | Rule at start | Meaning |', '|---|---|---|---|');
    for (const s of rows) {
      out.push(`| ${settingName(s)} | ${cell(s.default)} | ${cell(s.rule ?? '')} | ${cell(s.description)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

function main(): void {
  const check = process.argv.includes('--check');
  const problems = catalogueProblems();
  if (problems.length > 0) {
    console.error(`${CATALOGUE} and the code disagree:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  const content = renderConfigDocs();
  const abs = path.join(root, TARGET);
  const current = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : null;
  if (current === content) return;
  if (check) {
    console.error(`${TARGET} is stale: the settings changed. Run npm run gen (npx tsx scripts/gen-config-docs.ts).`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, content);
  console.log(`wrote ${TARGET}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
