import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What an operator's editor does with a page file: it reads "$schema" (schemas/page.schema.json) and follows its
 * relative $refs to other files. No project code is involved: only Ajv and the files under schemas/.
 */
const schemasDir = path.resolve('schemas');

function readSchema(uri: string): Record<string, unknown> {
  const file = new URL(uri).pathname;
  if (!file.startsWith(`${schemasDir}/`)) throw new Error(`outside schemas/: ${uri}`);
  // Like an editor, the schema is taken as written: a $id elsewhere than the file would break its relative $refs.
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The schema at `uri` and every file its relative $refs reach, keyed by file URL. */
function reachableSchemas(uri: string, out = new Map<string, Record<string, unknown>>()): Map<string, Record<string, unknown>> {
  if (out.has(uri)) return out;
  const schema = readSchema(uri);
  out.set(uri, schema);
  const refs: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) k === '$ref' && typeof x === 'string' ? refs.push(x) : walk(x);
  };
  walk(schema);
  for (const ref of refs) {
    const target = ref.split('#')[0];
    if (target) reachableSchemas(new URL(target, uri).href, out);
  }
  return out;
}

type Check = (doc: unknown) => ErrorObject[];
let validate: Check;
let validateFragment: Check;

/** A validator for the schema file `name` of schemas/, as an editor builds it from that file and its $refs. */
function editorValidator(ajv: Ajv, name: string): Check {
  const uri = pathToFileURL(path.join(schemasDir, name)).href;
  for (const [u, schema] of reachableSchemas(uri)) if (!ajv.getSchema(u)) ajv.addSchema(schema, u);
  const fn = ajv.getSchema(uri);
  if (!fn) throw new Error(`${name} did not compile`);
  return (doc) => (fn(doc) ? [] : (fn.errors ?? []).filter((e) => e.keyword !== 'if'));
}

beforeAll(() => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  validate = editorValidator(ajv, 'page.schema.json');
  validateFragment = editorValidator(ajv, 'fragment.schema.json');
});

const page = (blocks: unknown[]) => ({
  $schema: '../../schemas/page.schema.json',
  name: 'activity-editor-check',
  path: '/activity/editor-check',
  meta: { title: '编辑器校验', auth: false, needCategory: false },
  blocks,
});

const at = (errors: ErrorObject[]) => errors.map((e) => `${e.instancePath} ${e.message}`);

describe('a page file checked against schemas/page.schema.json alone (as an editor does)', () => {
  it('accepts a valid page, and every page file of pages-config/', () => {
    expect(validate(page([{ type: 'text', props: { text: '扫码进群', as: 'h1' } }]))).toEqual([]);
    const files = fs
      .readdirSync('pages-config', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json') && !f.startsWith('_'));
    expect(files.length).toBeGreaterThan(150);
    const broken = files.filter((f) => validate(JSON.parse(fs.readFileSync(path.join('pages-config', f), 'utf8'))).length > 0);
    expect(broken).toEqual([]);
  });

  it("rejects a block whose prop has the wrong type, at that prop's path", () => {
    expect(at(validate(page([{ type: 'text', props: { text: true } }])))).toEqual(['/blocks/0/props/text must be string,number']);
    expect(at(validate(page([{ type: 'image', props: { src: 42 } }])))).toEqual(['/blocks/0/props/src must be string']);
    const nested = page([{ type: 'list', props: { source: 'news', item: [{ type: 'text', props: { text: { a: 1 } } }] } }]);
    expect(at(validate(nested))).toEqual(['/blocks/0/props/item/0/props/text must be string,number']);
  });

  it('rejects a prop the block does not declare, and a missing required prop', () => {
    expect(at(validate(page([{ type: 'text', props: { text: 'x', colour: 'red' } }])))).toEqual([
      '/blocks/0/props must NOT have additional properties',
    ]);
    expect(at(validate(page([{ type: 'text' }])))).toEqual(["/blocks/0 must have required property 'props'"]);
  });

  it('rejects an unknown block type', () => {
    expect(at(validate(page([{ type: 'no-such-block' }])))).toEqual(['/blocks/0/type must be equal to one of the allowed values']);
  });

  it('checks actions inside block props against the action schemas', () => {
    const button = (action: unknown) => page([{ type: 'button-bar', props: { buttons: [{ text: '去看看', actions: [action] }] } }]);
    expect(validate(button({ action: 'navigate', to: '/study/index' }))).toEqual([]);
    expect(validate(button({ action: 'navigate' })).length).toBeGreaterThan(0);
    expect(validate(button({ action: 'teleport', to: '/x' })).length).toBeGreaterThan(0);
  });

  it("checks fragment files against schemas/fragment.schema.json, their blocks like a page's", () => {
    const dir = path.join('pages-config', '_fragments');
    for (const f of fs.readdirSync(dir)) expect(validateFragment(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))).toEqual([]);
    const fragment = { $schema: '../../schemas/fragment.schema.json', blocks: [{ type: 'text', props: { text: false } }] };
    expect(at(validateFragment(fragment))).toEqual(['/blocks/0/props/text must be string,number']);
  });
});
