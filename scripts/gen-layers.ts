/**
 * Generates the lint step's import rules (the `overrides` of biome.json) from the one layer table in
 * docs/architecture.md, so the rules and the document cannot drift and hold at any folder depth.
 *
 * Two kinds of layer:
 * - a plain layer (contract, server, runtime, …): every other top-level folder of src/ it may not import is refused
 *   at any depth (`../**\/api`, `../**\/api/**`), with named files of a refused folder allowed back;
 * - a layer of units (blocks, modules: one folder each): a unit's files import their own folder (`./…`) and only what
 *   the table allows, so a block cannot import another block and a module another module (units the table names,
 *   such as `modules/shared`, are allowed);
 * - in a units layer's row, `contract/{area}` stands for the contract files of the unit's own area: a module named
 *   `orders-checkout` may import `contract/orders` and `contract/orders-*` (the area is the longest word of
 *   src/server/areas that prefixes the folder name); units the table shares (modules/shared) may import any;
 * - a layer of doors inside a plain layer (`server/areas/*`: one folder per area): its "may import" column names the
 *   files of a unit that others may import (`index`, the door; `tables`, the row types). An area imports another
 *   only through those, and the rest of the parent layer too; everything else of the parent layer's rules holds.
 *
 * `tsx scripts/gen-layers.ts` writes biome.json; `--check` fails when biome.json is not what the table says.
 */
import fs from 'node:fs';
import path from 'node:path';

const DOC = 'docs/architecture.md';
const BIOME = 'biome.json';
const START = '<!-- layers:start -->';
const END = '<!-- layers:end -->';

export interface Layer {
  /** Top-level folder of src/ (`blocks*` in the table: a layer of units). */
  folder: string;
  units: boolean;
  /** Folders (`format`), files or folders inside another layer (`runtime/block-api`), or units (`modules/shared`). */
  mayImport: string[];
  packages: string[];
  message: string;
}

const cell = (s: string) => s.trim().replace(/^`|`$/g, '');
const list = (s: string) =>
  s
    .split(',')
    .map((x) => cell(x.trim()))
    .filter((x) => x && x !== '—' && x !== '-');

/** The rows between the layer markers of docs/architecture.md. */
export function parseLayerTable(markdown: string): Layer[] {
  const from = markdown.indexOf(START);
  const to = markdown.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${DOC}: the layer table must sit between ${START} and ${END}`);
  const rows = markdown
    .slice(from + START.length, to)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('|'))
    .slice(2);
  return rows.map((row, i) => {
    const cols = row.split('|').slice(1, -1);
    if (cols.length !== 4)
      throw new Error(`${DOC}: layer row ${i + 1} needs 4 columns (layer, may import, packages refused, rule): ${row}`);
    const [name = '', may = '', packages = '', message = ''] = cols;
    const folder = cell(name).replace(/\/\*$/, '');
    return { folder, units: cell(name).endsWith('/*'), mayImport: list(may), packages: list(packages), message: message.trim() };
  });
}

const either = (target: string) => [target, `${target}/**`];

/** The noRestrictedImports groups of one layer; `topLevel` is every folder of src/. */
export function groupsOf(layer: Layer, topLevel: string[]): string[] {
  if (layer.units) {
    const allowed = layer.mayImport.flatMap((t) => {
      const [top, unit] = t.split('/');
      // A sibling unit the table allows (modules/shared from a module): `../shared/**`.
      if (top === layer.folder && unit) return [`!../${unit}`, `!../${unit}/**`];
      return either(`!../**/${t}`);
    });
    return ['../**', ...allowed];
  }
  const allowedTop = new Set([layer.folder, ...layer.mayImport.filter((t) => !t.includes('/'))]);
  const refused = topLevel.filter((f) => !allowedTop.has(f)).flatMap((f) => either(`../**/${f}`));
  const allowedFiles = layer.mayImport.filter((t) => t.includes('/')).flatMap((t) => either(`!../**/${t}`));
  return [...refused, ...allowedFiles];
}

type Override = Record<string, unknown>;

function override(includes: string[], groups: string[], packages: string[], message: string): Override {
  const patterns: Array<{ group: string[]; message: string }> = [];
  if (groups.length) patterns.push({ group: groups, message });
  if (packages.length) patterns.push({ group: packages, message });
  return {
    includes: [...includes, '!**/*.test.ts', '!**/*.test.tsx'],
    linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
  };
}

/** A layer of doors (`server/areas/*`): its folder lies inside another layer's. */
const isDoors = (l: Layer) => l.folder.includes('/');

/**
 * The groups that hold a layer of doors: from anywhere in the parent layer, `…/areas/<unit>/<file>` is refused unless
 * the file is a door; from inside a unit (units are flat), a sibling's `../<unit>/<file>` likewise.
 */
function doorGroups(doors: Layer, inside: boolean): string[] {
  const units = doors.folder.split('/').slice(1).join('/');
  const faces = doors.mayImport;
  const anywhere = [`**/${units}/*/*`, ...faces.map((f) => `!**/${units}/*/${f}`)];
  if (!inside) return anywhere;
  // `*` also matches `..`: `../../providers` (a folder of the parent layer) is not a sibling unit's file.
  return ['../*/*', '!../../*', ...faces.map((f) => `!../*/${f}`), ...anywhere];
}

const AREA_TOKEN = '{area}';

/** The layer as one unit sees it: `contract/{area}` becomes that unit's area's files (all for a shared unit). */
function forUnit(layer: Layer, area: string | null, shared: boolean): Layer {
  const mayImport = layer.mayImport.flatMap((t) => {
    if (!t.includes(AREA_TOKEN)) return [t];
    if (shared) return [t.replace(`/${AREA_TOKEN}`, '')];
    return area ? [t.replace(AREA_TOKEN, area), t.replace(AREA_TOKEN, `${area}-*`)] : [];
  });
  return { ...layer, mayImport };
}

/** The area word a unit's folder name starts with (the longest that fits), or null. */
export function areaOfUnit(unit: string, areas: readonly string[]): string | null {
  const fits = areas.filter((a) => unit === a || unit.startsWith(`${a}-`)).sort((a, b) => b.length - a.length);
  return fits[0] ?? null;
}

/** The overrides for the whole table (a units layer's shared units get their own override allowing each other). */
export function overridesOf(
  layers: Layer[],
  topLevel: string[],
  unitsOf: (folder: string) => string[],
  areas: readonly string[] = [],
): Override[] {
  const out: Override[] = [];
  const doorsIn = (folder: string) => layers.filter((l) => isDoors(l) && l.folder.split('/')[0] === folder);
  for (const layer of layers) {
    if (isDoors(layer)) continue;
    const doors = doorsIn(layer.folder);
    const groups = [...groupsOf(forUnit(layer, null, false), topLevel), ...doors.flatMap((d) => doorGroups(d, false))];
    out.push(override([`src/${layer.folder}/**`], groups, layer.packages, layer.message));
    // A later override replaces the rule's options for its files, so each door layer repeats its parent's groups.
    for (const d of doors) {
      const inner = [...groupsOf(layer, topLevel), ...doorGroups(d, true)];
      out.push(override([`src/${d.folder.replace(/\/\*$/, '')}/**`], inner, layer.packages, `${d.message} ${layer.message}`));
    }
    if (!layer.units) continue;
    const sharedUnits = layer.mayImport.filter((t) => t.startsWith(`${layer.folder}/`));
    // Each unit may import its own area's contract files only (when the row says `contract/{area}`).
    if (layer.mayImport.some((t) => t.includes(AREA_TOKEN))) {
      for (const unit of unitsOf(layer.folder)) {
        if (sharedUnits.includes(`${layer.folder}/${unit}`)) continue;
        const area = areaOfUnit(unit, areas);
        if (!area) throw new Error(`src/${layer.folder}/${unit}: a unit's name starts with its area's word (${areas.join(', ')})`);
        const mine = forUnit(layer, area, false);
        out.push(override([`src/${layer.folder}/${unit}/**`], groupsOf(mine, topLevel), layer.packages, layer.message));
      }
    }
    // Units the table lets every unit import (modules/shared) may import each other: `shared/a` uses `shared/b`.
    for (const shared of sharedUnits) {
      const inner = unitsOf(shared).flatMap((u) => either(`!../${u}`));
      const groups = [...groupsOf(forUnit(layer, null, true), topLevel), ...inner];
      out.push(override([`src/${shared}/**`], groups, layer.packages, layer.message));
    }
  }
  return out;
}

function subfolders(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function generatedBiome(root = process.cwd()): string {
  const layers = parseLayerTable(fs.readFileSync(path.join(root, DOC), 'utf8'));
  const topLevel = subfolders(path.join(root, 'src'));
  for (const l of layers) {
    if (!fs.existsSync(path.join(root, 'src', l.folder))) throw new Error(`${DOC}: layer "${l.folder}" is not a folder of src/`);
  }
  const biome = JSON.parse(fs.readFileSync(path.join(root, BIOME), 'utf8')) as Record<string, unknown>;
  const areas = subfolders(path.join(root, 'src/server/areas'));
  biome.overrides = overridesOf(layers, topLevel, (f) => subfolders(path.join(root, 'src', f)), areas);
  return `${JSON.stringify(biome, null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const next = generatedBiome();
  if (process.argv.includes('--check')) {
    if (fs.readFileSync(BIOME, 'utf8') !== next) {
      console.error(`${BIOME} is not what the layer table of ${DOC} says: run \`npm run gen\``);
      process.exit(1);
    }
  } else {
    fs.writeFileSync(BIOME, next);
    console.log(`${BIOME}: import rules written from ${DOC}`);
  }
}
