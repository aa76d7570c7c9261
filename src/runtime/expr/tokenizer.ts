/** Tokenizer of the config expression language: reads ONE token at a time, so a
 * template can stop at the `}` that closes `${…}` without looking further. */

/** A compile error: what was expected and where (index into the source text). */
export interface ExprError {
  message: string;
  index: number;
}

export interface Token {
  /** num | str | id | op | eof */
  t: 'num' | 'str' | 'id' | 'op' | 'eof';
  v: string | number;
  /** start and end index in the source */
  i: number;
  e: number;
}

/** Throws an ExprError (caught by the compile functions, never escapes them). */
export function fail(what: string, index: number): never {
  throw { message: `${what} at ${index}`, index } satisfies ExprError;
}

// Longest first, so `===` wins over `==` and `<=` over `<`.
const OPS = /* @__PURE__ */ '=== !== == != <= >= && || ?? < > + - * / % ! ? : ( ) [ ] . , }'.split(' ');
const SPACE = /\s*/y;
const NUM = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ID = /[A-Za-z_$][\w$]*/y;

function sticky(re: RegExp, s: string, p: number): string | undefined {
  re.lastIndex = p;
  return re.exec(s)?.[0];
}

/** Reads the token that starts at or after `p` (whitespace is skipped). */
export function lex(s: string, p: number): Token {
  p += (sticky(SPACE, s, p) ?? '').length;
  const c = s[p];
  const i = p;
  if (c === undefined) return { t: 'eof', v: '', i, e: i };
  const num = sticky(NUM, s, p);
  if (num) return { t: 'num', v: Number(num), i, e: p + num.length };
  const id = sticky(ID, s, p);
  if (id) return { t: 'id', v: id, i, e: p + id.length };
  if (c === '"' || c === "'") {
    let v = '';
    for (p++; ; ) {
      let d = s[p++];
      const esc = d === '\\';
      if (esc) d = s[p++];
      if (d === undefined) fail(`unterminated string, expected closing ${c}`, i);
      if (d === c && !esc) return { t: 'str', v, i, e: p };
      v += esc && d === 'n' ? '\n' : esc && d === 't' ? '\t' : d;
    }
  }
  for (const o of OPS) if (s.startsWith(o, p)) return { t: 'op', v: o, i, e: p + o.length };
  if (c === '=') fail('assignment is not allowed, use == to compare', i);
  if (c === '`') fail('template literals are not supported', i);
  return fail(`unexpected character "${c}"`, i);
}
