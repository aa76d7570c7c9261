/**
 * Config expression language: a hand-written parser and interpreter, no eval and no
 * Function constructor, so it runs under a CSP without unsafe-eval.
 *
 *   literals   1  2.5  'a\'b'  "x"  true  false  null
 *   paths      route.newsId  item.tags[0]  data['x-y']  list.length   (own properties only; missing → undefined)
 *   operators  ! -x | * / % | + - | < <= > >= | == != === !== (all strict) | && | || | ?? | c ? a : b | ( )
 *   calls      money(x) relativeTime(x) duration(x) progress(x) default(x, y) join(arr, sep) len(x) before(x, sep) siteUrl(path)
 *              courseTag(item) studyAction(progress) clock(sec)
 *              liveStart(sec) liveStatus(item) liveStatusText(item)
 *              charCount(n) readPercent(fraction) readLabel(record)
 *   templates  '共${data.total}题'  ·  '${expr}' alone → raw value  ·  '$${' → literal '${'
 */
import type { Scope } from './evaluate';
import { formatters, type Registry } from './formatters';
import { parse } from './parser';
import { type Compiled, compileParts, templateParts } from './template';
import type { ExprError } from './tokenizer';

export type { Scope } from './evaluate';
export { type Formatter, formatters, type Registry } from './formatters';
export type { ExprError } from './tokenizer';

/** Compiles one expression (no `${}`); never throws. `paths` lists the scope paths it reads. */
export function compileExpression(src: string, fns: Registry = formatters): Compiled {
  return compileParts(() => [parse(src, 0, fns).node], fns);
}

const compiledTemplates = /* @__PURE__ */ new Map<string, Compiled>();
const MAX_COMPILED = 1000;

/**
 * Compiles a template string; never throws. A string without `${` is a constant. With the standard formatters the
 * result is kept (a page's sources are planned on every render: parsing their templates each time was a tenth of
 * the study home's render).
 */
export function compileTemplate(text: string, fns: Registry = formatters): Compiled {
  if (fns !== formatters) return compileParts(() => templateParts(text, fns), fns);
  let compiled = compiledTemplates.get(text);
  if (!compiled) {
    compiled = compileParts(() => templateParts(text, fns), fns);
    if (compiledTemplates.size >= MAX_COMPILED) compiledTemplates.delete(compiledTemplates.keys().next().value as string);
    compiledTemplates.set(text, compiled);
  }
  return compiled;
}

/** The compile error of a template, or null (for `npm run pages:check`). */
export function checkTemplate(text: string, fns: Registry = formatters): ExprError | null {
  const r = compileTemplate(text, fns);
  return r.ok ? null : r.error;
}

type Run = (scope: Scope) => unknown;
const MAX_CACHE = 500;
const exprCache = /* @__PURE__ */ new Map<string, Run>();
const templateCache = /* @__PURE__ */ new Map<string, Run>();

/** LRU lookup; compiles on a miss and throws a clear Error when the source is broken. */
function cached(cache: Map<string, Run>, src: string, compile: (src: string) => Compiled): Run {
  let run = cache.get(src);
  if (run) {
    cache.delete(src);
  } else {
    const r = compile(src);
    if (!r.ok) throw new Error(`${r.error.message} in ${JSON.stringify(src)}`);
    run = r.run;
    if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(src, run);
  return run;
}

/** Compiles (cached) and runs an expression. Throws on a broken expression; running never throws. */
export function evaluate(src: string, scope: Scope): unknown {
  return cached(exprCache, src, (s) => compileExpression(s))(scope);
}

/** Compiles (cached) and runs a template. Throws on a broken template; running never throws. */
export function renderTemplate(text: string, scope: Scope): unknown {
  return cached(templateCache, text, (s) => compileTemplate(s))(scope);
}

/** True when the value is a string with an unescaped `${`. */
export function isTemplate(value: unknown): value is string {
  return typeof value === 'string' && /(^|[^$])\$\{/.test(value);
}

/**
 * Renders every template string inside JSON (arrays and plain objects), leaving
 * other values as they are. Returns the same object when nothing inside changed.
 * Throws on a broken template.
 */
export function resolveDeep(value: unknown, scope: Scope): unknown {
  if (typeof value === 'string') return value.includes('${') ? renderTemplate(value, scope) : value;
  if (Array.isArray(value)) {
    const out = value.map((v) => resolveDeep(v, scope));
    return out.some((v, i) => !Object.is(v, value[i])) ? out : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  // fromEntries defines own properties, so a '__proto__' key stays a plain key.
  const vals = Object.values(value);
  const entries = Object.entries(value).map(([k, v]) => [k, resolveDeep(v, scope)] as const);
  return entries.some(([, v], i) => !Object.is(v, vals[i])) ? Object.fromEntries(entries) : value;
}
