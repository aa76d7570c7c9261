import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

const BASE = 'https://beikao.example/schemas/';

function reasonOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `缺少必填字段 "${String(p.missingProperty)}"`;
    case 'additionalProperties':
      return `不认识的字段 "${String(p.additionalProperty)}"`;
    case 'type':
      return `类型应为 ${String(p.type)}`;
    case 'pattern':
      return `格式不正确（须匹配 ${String(p.pattern)}）`;
    case 'enum':
      if (e.schemaPath.endsWith('/BlockType/enum')) return `未知区块类型 ${JSON.stringify(e.data)}`;
      return `取值须为 ${JSON.stringify(p.allowedValues)} 之一`;
    case 'const':
      return `取值须为 ${JSON.stringify(p.allowedValue)}`;
    case 'minimum':
    case 'maximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
      return `${e.message ?? e.keyword}`;
    case 'discriminator':
      return p.error === 'mapping' ? `未知动作 "${String(p.tagValue)}"` : `缺少字段 "${String(p.tag)}"`;
    default:
      return e.message ?? e.keyword;
  }
}

/** name -> schema of each *.schema.json of a folder, without its own $id (the folder decides its address). */
function readFolder(dir: string): [string, object][] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((f) => {
      const { $id: _ignored, ...schema } = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown>;
      return [f.replace(/\.schema\.json$/, ''), schema];
    });
}

export interface SchemaProblem {
  path: string;
  reason: string;
}

/** Ajv's errors as problems with a JSON pointer and a Chinese reason, each once (also for other JSON files: activities). */
export function schemaProblemsOf(errors: readonly ErrorObject[] | null | undefined): SchemaProblem[] {
  const seen = new Set<string>();
  const out: SchemaProblem[] = [];
  for (const e of errors ?? []) {
    if (e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const item = { path: e.instancePath, reason: reasonOf(e) };
    const key = `${item.path} ${item.reason}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

/** JSON Schema validation of page files, fragment files and expanded block lists with Ajv (schemas/ is the source of truth). */
export class SchemaValidator {
  private readonly ajv = new Ajv({ allErrors: true, strict: false, discriminator: true, allowUnionTypes: true, verbose: true });
  private readonly page: ValidateFunction;
  private readonly fragment: ValidateFunction;
  private readonly blockList: ValidateFunction;

  constructor(schemasDir: string) {
    // The page schema refers to blocks/<type>.schema.json and actions/<action>.schema.json (which refer back to it).
    for (const folder of ['blocks', 'actions']) {
      for (const [name, schema] of readFolder(path.join(schemasDir, folder)))
        this.ajv.addSchema(schema, `${BASE}${folder}/${name}.schema.json`);
    }
    for (const file of ['page.schema.json', 'fragment.schema.json']) {
      const { $id: _ignored, ...schema } = JSON.parse(fs.readFileSync(path.join(schemasDir, file), 'utf8')) as Record<string, unknown>;
      this.ajv.addSchema(schema, `${BASE}${file}`);
    }
    this.page = this.ajv.getSchema(`${BASE}page.schema.json`) as ValidateFunction;
    this.fragment = this.ajv.getSchema(`${BASE}fragment.schema.json`) as ValidateFunction;
    this.blockList = this.ajv.compile({
      $id: `${BASE}block-list.json`,
      type: 'array',
      items: { $ref: 'page.schema.json#/definitions/BlockNode' },
    });
  }

  private static problems(fn: ValidateFunction): SchemaProblem[] {
    return schemaProblemsOf(fn.errors);
  }

  private static run(fn: ValidateFunction, value: unknown): SchemaProblem[] {
    return fn(value) ? [] : SchemaValidator.problems(fn);
  }

  /** A page file (schemas/page.schema.json: meta, sources, block types and their props, actions). */
  validatePage(config: unknown): SchemaProblem[] {
    return SchemaValidator.run(this.page, config);
  }

  /** A fragment file (schemas/fragment.schema.json). */
  validateFragment(fragment: unknown): SchemaProblem[] {
    return SchemaValidator.run(this.fragment, fragment);
  }

  /** A block list, e.g. a fragment's blocks once a use filled in its params; paths start at the list (/0/props/…). */
  validateBlocks(blocks: unknown[]): SchemaProblem[] {
    return SchemaValidator.run(this.blockList, blocks);
  }
}
