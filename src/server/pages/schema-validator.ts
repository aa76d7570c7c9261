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

export interface SchemaProblem {
  path: string;
  reason: string;
}

/** JSON Schema validation of page configs and block props with Ajv (schemas/ is the source of truth). */
export class SchemaValidator {
  private readonly ajv = new Ajv({ allErrors: true, strict: false, discriminator: true, allowUnionTypes: true });
  private readonly page: ValidateFunction;
  private readonly blocks = new Map<string, ValidateFunction>();

  constructor(schemasDir: string) {
    const pageSchema = JSON.parse(fs.readFileSync(path.join(schemasDir, 'page.schema.json'), 'utf8')) as object;
    this.ajv.addSchema(pageSchema, `${BASE}page.schema.json`);
    this.page = this.ajv.getSchema(`${BASE}page.schema.json`) as ValidateFunction;
    const dir = path.join(schemasDir, 'blocks');
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.schema.json'))) {
      const type = file.replace(/\.schema\.json$/, '');
      const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
      const { $id: _ignored, ...rest } = schema;
      this.blocks.set(type, this.ajv.compile({ ...rest, $id: `${BASE}blocks/${file}` }));
    }
  }

  get blockTypes(): ReadonlySet<string> {
    return new Set(this.blocks.keys());
  }

  private static problems(fn: ValidateFunction): SchemaProblem[] {
    const seen = new Set<string>();
    const out: SchemaProblem[] = [];
    for (const e of fn.errors ?? []) {
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

  validatePage(config: unknown): SchemaProblem[] {
    return this.page(config) ? [] : SchemaValidator.problems(this.page);
  }

  validateBlockProps(type: string, props: unknown): SchemaProblem[] {
    const fn = this.blocks.get(type);
    if (!fn) return [{ path: '', reason: `未知区块类型 "${type}"` }];
    return fn(props) ? [] : SchemaValidator.problems(fn);
  }
}
