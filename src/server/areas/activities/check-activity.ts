/**
 * Checks one activity file on its own (no database): JSON, the schema of the file and of its type's rules, then what
 * a schema cannot say (a window that ends after it starts, unique prize ids, the fields each prize kind needs, the
 * thresholds each type needs). Every problem names the JSON path and the reason, like a page config's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { type Problem, pointer } from '../../../runtime/config-check/problems';
import { schemaProblemsOf } from '../pages';
import { type ActivityDefinition, type ActivityFile, COUNTS_INVITES } from './activity-definition';

export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface CheckedActivity {
  file: string;
  definition: ActivityDefinition | null;
  problems: Problem[];
}

/** The schemas of activity files: schemas/activity.schema.json and schemas/activities/<type>.schema.json. */
export class ActivitySchemas {
  // Instants are checked by the schema's pattern and Date.parse; `format` is documentation for editors only.
  private readonly ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true, validateFormats: false });
  private readonly file: ValidateFunction;
  private readonly rules = new Map<string, ValidateFunction>();

  constructor(schemasDir: string) {
    const read = (f: string) => {
      const { $id: _ignored, ...schema } = JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, unknown>;
      return schema;
    };
    this.file = this.ajv.compile(read(path.join(schemasDir, 'activity.schema.json')));
    const dir = path.join(schemasDir, 'activities');
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.schema.json'))) {
      this.rules.set(f.replace(/\.schema\.json$/, ''), this.ajv.compile(read(path.join(dir, f))));
    }
  }

  check(file: string, text: string): CheckedActivity {
    const problem = (parts: (string | number)[], reason: string): Problem => ({ file, path: pointer(parts), reason });
    const slug = path.basename(file, '.json');
    if (!SLUG_RE.test(slug)) {
      return { file, definition: null, problems: [problem([], `文件名须为小写字母、数字和连字符（${slug}）`)] };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return { file, definition: null, problems: [problem([], `不是合法的 JSON：${(e as Error).message}`)] };
    }
    if (!this.file(json)) return { file, definition: null, problems: schemaProblemsOf(this.file.errors).map((p) => ({ file, ...p })) };
    const a = json as ActivityFile;
    const rules = this.rules.get(a.type);
    if (!rules) return { file, definition: null, problems: [problem(['type'], `没有活动类型 ${a.type} 的规则 schema`)] };
    const problems: Problem[] = [];
    if (!rules(a.rules)) {
      for (const p of schemaProblemsOf(rules.errors)) problems.push({ file, path: `/rules${p.path}`, reason: p.reason });
    }
    const startsAtMs = Date.parse(a.startsAt);
    const endsAtMs = Date.parse(a.endsAt);
    if (Number.isNaN(startsAtMs)) problems.push(problem(['startsAt'], `不是合法的时间：${a.startsAt}`));
    if (Number.isNaN(endsAtMs)) problems.push(problem(['endsAt'], `不是合法的时间：${a.endsAt}`));
    if (endsAtMs <= startsAtMs) problems.push(problem(['endsAt'], '结束时间须晚于开始时间'));
    const seen = new Set<string>();
    a.prizes.forEach((p, i) => {
      if (seen.has(p.id)) problems.push(problem(['prizes', i, 'id'], `奖品 id "${p.id}" 重复`));
      seen.add(p.id);
      if ((p.kind === 'course' || p.kind === 'ebook' || p.kind === 'question_bank') && p.refId === undefined)
        problems.push(problem(['prizes', i], `${p.kind} 奖品须写明 refId（发放的内容 id）`));
      if (p.kind === 'vip_days' && (!p.vipType || !p.days)) problems.push(problem(['prizes', i], 'vip_days 奖品须写明 vipType 和 days'));
      if (p.kind === 'physical' && !p.goodId) problems.push(problem(['prizes', i], 'physical 奖品须写明 goodId（寄出的实物商品 id）'));
      if (COUNTS_INVITES.includes(a.type) && !(p.threshold && p.threshold >= 1))
        problems.push(problem(['prizes', i, 'threshold'], `${a.type} 活动的奖品须写明 threshold（需要邀请的有效好友数，至少 1）`));
    });
    if (a.type === 'reciprocity') {
      const picks = (a.rules as { picks?: number }).picks ?? 1;
      if (picks > a.prizes.length) problems.push(problem(['rules', 'picks'], `可选礼物数（${picks}）超过了奖品数（${a.prizes.length}）`));
    }
    if (problems.length) return { file, definition: null, problems };
    const { $schema: _s, $comment: _c, ...rest } = a;
    const version = crypto.createHash('sha256').update(JSON.stringify(rest)).digest('hex');
    const definition = { ...rest, slug, file, startsAtMs, endsAtMs, version } as ActivityDefinition;
    return { file, definition, problems: [] };
  }
}
