// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { describe, expect, it } from 'vitest';
import { checkTemplate, compileExpression, compileTemplate, evaluate, renderTemplate } from '../../../src/runtime/expr';

function error(src: string) {
  const r = compileExpression(src);
  if (r.ok) throw new Error(`expected a compile error for ${src}`);
  return r.error;
}

describe('half-written and forbidden expressions are compile errors with a position', () => {
  it.each([
    // [source, index, part of the message]
    ['data.', 5, 'property name'],
    ['a &&', 4, 'expected an expression'],
    ['(x', 2, 'expected ")"'],
    ["'abc", 0, 'unterminated string'],
    ['"abc\\"', 0, 'unterminated string'],
    ['money(', 6, 'expected an expression'],
    ['money(1', 7, 'expected ")"'],
    ['money(1,', 8, 'expected an expression'],
    ['a ? b', 5, 'expected ":"'],
    ['a ?', 3, 'expected an expression'],
    ['a ? b :', 7, 'expected an expression'],
    ['foo(1)', 0, 'unknown function "foo"'],
    ['eval(1)', 0, 'unknown function "eval"'],
    ['constructor(1)', 0, 'unknown function "constructor"'],
    ['a.b()', 3, 'only named functions'],
    ['money(1)(2)', 8, 'only named functions'],
    ['(money)(1)', 7, 'only named functions'],
    ['a = 1', 2, 'assignment'],
    ['new Date()', 0, '"new" is not supported'],
    ['`x`', 0, 'template literals'],
    ['a.1', 2, 'expected a property name after "." but found "1"'],
    ['item[0', 6, 'expected "]"'],
    ['item[]', 5, 'expected an expression'],
    ['[1]', 0, 'expected an expression'],
    ['{a: 1}', 0, 'unexpected character "{"'],
    ['a b', 2, 'end of input'],
    ['a }', 2, 'end of input'],
    ['1 +* 2', 3, 'expected an expression'],
    ['a & b', 2, 'unexpected character "&"'],
    ['a | b', 2, 'unexpected character "|"'],
    ['', 0, 'expected an expression'],
    ['   ', 3, 'expected an expression'],
    ['#', 0, 'unexpected character "#"'],
    ['a ?? ', 5, 'expected an expression'],
    ['!', 1, 'expected an expression'],
  ])('%j → error at %i', (src, index, message) => {
    const e = error(src);
    expect(e.index).toBe(index);
    expect(e.message).toContain(message);
    expect(e.message).toContain(`at ${index}`);
  });

  it('the unknown-function message lists the allowed names', () => {
    expect(error('fmt(x)').message).toMatch(/allowed: money, relativeTime, duration, progress, default, join, len/);
  });

  it('very long or deeply nested input is an error, not a stack overflow', () => {
    expect(error(`${'('.repeat(5000)}1${')'.repeat(5000)}`).message).toContain('too long');
    expect(error(Array(3000).fill('a').join(' + ')).message).toContain('too long');
    expect(compileExpression(Array(100).fill('a.b').join(' + ')).ok).toBe(true);
  });

  it('evaluate() throws a clear Error naming the source', () => {
    expect(() => evaluate('data.', {})).toThrow(/property name.*at 5 in "data\."/);
    expect(() => evaluate('nope(1)', {})).toThrow(/unknown function "nope"/);
  });
});

describe('template errors', () => {
  it.each([
    ['${data.x', 8, 'expected an operator or "}"'],
    ['共${data.total 题', 14, 'unexpected character "题"'],
    ['${data.total x}', 13, 'expected an operator or "}" but found "x"'],
    ['a ${} b', 4, 'expected an expression'],
    ['${a.}', 4, 'property name'],
    ['x ${foo(1)}', 4, 'unknown function "foo"'],
    ["${'abc}", 2, 'unterminated string'],
    ['ok ${a} then ${b ?', 18, 'expected an expression'],
  ])('%j → error at %i', (text, index, message) => {
    const r = compileTemplate(text);
    expect(r.ok).toBe(false);
    const e = checkTemplate(text);
    expect(e?.index).toBe(index);
    expect(e?.message).toContain(message);
  });

  it('checkTemplate returns null for good templates and constants', () => {
    expect(checkTemplate('共${data.total}题')).toBeNull();
    expect(checkTemplate('plain text with { braces } and $ signs')).toBeNull();
    expect(checkTemplate("it's fine: ${a} isn't lexed after the }")).toBeNull();
    expect(checkTemplate('$${not an expression')).toBeNull();
  });

  it('renderTemplate throws on a broken template', () => {
    expect(() => renderTemplate('${a +}', {})).toThrow('expected an expression but found "}" at 5 in "${a +}"');
  });
});
