/**
 * Placeholders in content templates: `{name}` a value (a list is joined with 、), `{name.2}` element 2 of a list
 * (counting from 0, wrapping around a shorter list), `{name.0-3}` elements 0 to 3 joined with 、, and
 * `{name:bullets}` a list as Markdown bullet lines.
 */
export type PlaceholderKind = 'text' | 'list';
export type Vocabulary = Readonly<Record<string, PlaceholderKind>>;
export type TemplateValues = Readonly<Record<string, string | number | readonly string[]>>;

const ANY_BRACES = /\{[^{}\n]*\}/g;
const PLACEHOLDER = /^\{([A-Za-z][A-Za-z0-9]*)(?:\.(\d+)(?:-(\d+))?)?(:bullets)?\}$/;

/** Problems with the placeholders of `text` against the names a template kind offers (empty when fine). */
export function placeholderProblems(text: string, vocabulary: Vocabulary): string[] {
  const problems: string[] = [];
  for (const raw of text.match(ANY_BRACES) ?? []) {
    const m = PLACEHOLDER.exec(raw);
    const name = m?.[1];
    const kind = name === undefined ? undefined : vocabulary[name];
    if (!m || !kind) {
      problems.push(
        `未知占位符 ${raw}（可用：${Object.keys(vocabulary)
          .map((k) => `{${k}}`)
          .join('、')}）`,
      );
    } else if (kind === 'text' && (m[2] !== undefined || m[4] !== undefined)) {
      problems.push(`占位符 ${raw}：{${name}} 不是列表，不能取第几项或写成列表`);
    }
  }
  return problems;
}

function pickFrom(list: readonly string[], index: number): string {
  return list.length === 0 ? '' : (list[index % list.length] ?? '');
}

/** A Latin letter or digit before a joint and a Latin letter after it (MS Office + PowerPoint) read as one word. */
const LATIN_END = /[A-Za-z0-9]$/;
const LATIN_START = /^[A-Za-z]/;

/**
 * Fills a template checked against its vocabulary. A placeholder without a value is a programming error. Where the
 * text so far ends in a Latin letter or digit and the value starts with a Latin letter, a space goes between
 * (计算机二级 MS Office + PowerPoint动画 → MS Office PowerPoint动画; Chinese joints stay as they are).
 */
export function fill(template: string, values: TemplateValues): string {
  let out = '';
  let last = 0;
  for (const m of template.matchAll(ANY_BRACES)) {
    out += template.slice(last, m.index);
    const value = placeholderValue(m[0], values);
    out += LATIN_END.test(out) && LATIN_START.test(value) ? ` ${value}` : value;
    last = m.index + m[0].length;
  }
  return out + template.slice(last);
}

function placeholderValue(raw: string, values: TemplateValues): string {
  const m = PLACEHOLDER.exec(raw);
  const value = m ? values[m[1] ?? ''] : undefined;
  if (!m || value === undefined) throw new Error(`template placeholder ${raw} has no value`);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (m[4]) return value.map((s) => `- ${s}`).join('\n');
  if (m[2] === undefined) return value.join('、');
  const from = Number(m[2]);
  if (m[3] === undefined) return pickFrom(value, from);
  return value.slice(from, Number(m[3]) + 1).join('、');
}
