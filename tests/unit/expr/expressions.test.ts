import { describe, expect, it } from 'vitest';
import { compileExpression, evaluate, type Scope } from '../../../src/runtime/expr';

const scope: Scope = {
  route: { newsId: '42' },
  data: {
    news: [{ id: 1, title: 'a' }, { id: 2 }],
    'x-y': 'dash',
    total: 0,
    empty: '',
    nothing: null,
    price: 1990,
    name: 'exam',
  },
  item: { tags: ['hot', 'top'], count: 3 },
  exam: { category_name: '公务员', genus_id: 7 },
  t: true,
  f: false,
  n: null,
};

const ev = (src: string, s: Scope = scope) => evaluate(src, s);

describe('literals', () => {
  it.each([
    ['1', 1],
    ['-2.5', -2.5],
    ['1e3', 1000],
    ["'a'", 'a'],
    ['"b"', 'b'],
    ["'it\\'s'", "it's"],
    ['"say \\"hi\\""', 'say "hi"'],
    ["'back\\\\slash'", 'back\\slash'],
    ["'a\\nb'", 'a\nb'],
    ['true', true],
    ['false', false],
    ['null', null],
  ])('%s', (src, value) => expect(ev(src)).toEqual(value));
});

describe('precedence table (JS)', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['12 / 3 / 2', 2],
    ['7 % 4 * 2', 6],
    ['2 * 3 % 4', 2],
    ['-2 * 3', -6],
    ['- -2', 2],
    ['!true == false', true],
    ['!0 + 1', 2],
    ['1 + 2 < 4', true],
    ['1 < 2 == true', true],
    ['2 > 1 && 3 > 2', true],
    ['1 == 1 && 2 == 3 || true', true],
    ['false || true && false', false],
    ['null ?? 1 + 2', 3],
    ['t ? 1 : 2 + 10', 1],
    ['f ? 1 : t ? 2 : 3', 2],
    ['t ? f ? 1 : 2 : 3', 2],
    ['1 + 1 == 2 ? "yes" : "no"', 'yes'],
    ['item.count * 2 + 1', 7],
    ['-item.count', -3],
    ['!item.tags[0]', false],
    ["'a' + 1 + 2", 'a12'],
    ["1 + 2 + 'a'", '3a'],
    ['1 / 0', Number.POSITIVE_INFINITY],
    ['10 >= 10', true],
    ['10 <= 9', false],
  ])('%s → %s', (src, value) => expect(ev(src)).toEqual(value));
});

describe('equality is always strict', () => {
  it.each([
    ["1 == '1'", false],
    ["1 != '1'", true],
    ['1 === 1', true],
    ['null == undefinedRoot', false],
    ['null === null', true],
    ["route.newsId == '42'", true],
    ['route.newsId == 42', false],
    ['route.newsId !== 42', true],
    ['0 == false', false],
    ["'' != false", true],
  ])('%s → %s', (src, value) => expect(ev(src)).toBe(value));
});

describe('&& || ?? value semantics', () => {
  it.each([
    ["data.total && 'some' || 'none'", 'none'],
    ["item.count && 'some' || 'none'", 'some'],
    ["data.name || 'x'", 'exam'],
    ["data.empty || 'fallback'", 'fallback'],
    ["data.empty ?? 'fallback'", ''],
    ["data.nothing ?? 'fallback'", 'fallback'],
    ["data.missing ?? 'fallback'", 'fallback'],
    ['data.total ?? 5', 0],
    ['0 && missing.x', 0],
    ['item.tags && item.tags[1]', 'top'],
    ["n || f || ''", ''],
  ])('%s → %j', (src, value) => expect(ev(src)).toEqual(value));

  it('short-circuits (the other side is not evaluated)', () => {
    let reads = 0;
    const s: Scope = {};
    Object.defineProperty(s, 'spy', { enumerable: true, get: () => ++reads });
    ev('false && spy', s);
    ev('true || spy', s);
    ev('1 ?? spy', s);
    ev('true ? 1 : spy', s);
    expect(reads).toBe(0);
  });
});

describe('paths', () => {
  it.each([
    ['route.newsId', '42'],
    ['data.news.length', 2],
    ['data.news[0].title', 'a'],
    ['data.news[1].title', undefined],
    ['data.news[5].title', undefined],
    ['data.news[-1]', undefined],
    ['item.tags[0]', 'hot'],
    ["data['x-y']", 'dash'],
    ["data['x' + '-y']", 'dash'],
    ['exam.category_name', '公务员'],
    ['data.name.length', 4],
    ['data.name[0]', 'e'],
    ['unknownRoot', undefined],
    ['unknownRoot.a.b.c', undefined],
    ['data.nothing.x', undefined],
    ['null.x', undefined],
    ['data.price.x', undefined],
    ['data.total.length', undefined],
    ['item.count[0]', undefined],
    ['data[null]', undefined],
    ['data[data]', undefined],
    ['data.news[data.total].id', 1],
    ['item.tags.hasOwnProperty', undefined],
    ['data.toString', undefined],
    ['data.true', undefined],
  ])('%s → %j', (src, value) => expect(ev(src)).toEqual(value));

  it('only reads own properties', () => {
    const s = { obj: Object.create({ inherited: 1 }) as Record<string, unknown> };
    expect(ev('obj.inherited', s)).toBeUndefined();
    expect(ev('toString', {})).toBeUndefined();
    expect(ev('hasOwnProperty', {})).toBeUndefined();
  });

  it('works with odd scopes', () => {
    expect(evaluate('a.b', null as unknown as Scope)).toBeUndefined();
    expect(evaluate('a.b', undefined as unknown as Scope)).toBeUndefined();
    expect(evaluate('length', 'abc' as unknown as Scope)).toBe(3);
    expect(ev('o.x', { o: Object.create(null) })).toBeUndefined();
  });
});

describe('prototype pollution attempts read undefined', () => {
  const polluted = JSON.parse('{"a":{"__proto__":{"evil":1},"constructor":{"prototype":2},"prototype":3}}') as Scope;
  it.each([
    'a.__proto__',
    'a.constructor',
    'a.prototype',
    "a['__proto__']",
    "a['constructor']['prototype']",
    "a['con' + 'structor']",
    'a.constructor.prototype',
    '__proto__',
    'constructor',
    'data.constructor',
    'data.news.constructor',
    "data.name['constructor']",
  ])('%s', (src) => {
    expect(ev(src, polluted)).toBeUndefined();
    expect(ev(src)).toBeUndefined();
  });

  it('does not change Object.prototype', () => {
    ev("a.__proto__.evil || a['__proto__']['x']", polluted);
    expect(({} as Record<string, unknown>).evil).toBeUndefined();
  });
});

describe('formatters', () => {
  it.each([
    ['money(1990)', '19.90'],
    ['money(2000)', '20'],
    ['money(data.price)', '19.90'],
    ["money('1990')", '19.90'],
    ['money(0)', '0'],
    ['money(null)', ''],
    ['money(missing)', ''],
    ["money('abc')", ''],
    ["money('')", ''],
    ['money(item.tags)', ''],
    ['money()', ''],
    ["before('12&from=share', '&')", '12'],
    ["before('12', '&')", '12'],
    ["before('&x', '&')", ''],
    ['before(12, "&")', '12'],
    ["before(missing, '&')", ''],
    ["before('a&b', '')", 'a&b'],
    // No page here (node): a same-site path stays as it is; anything else is refused.
    ["siteUrl('/activity/detail/1001?referrer_id=7')", '/activity/detail/1001?referrer_id=7'],
    ["siteUrl('//evil.example/x')", ''],
    ["siteUrl('https://evil.example/x')", ''],
    ['siteUrl(missing)', ''],
    ["uri('/activity/detail/1001?referrer_id=7&from=qr')", '%2Factivity%2Fdetail%2F1001%3Freferrer_id%3D7%26from%3Dqr'],
    ['uri(missing)', ''],
    ["maskMobile('13912340006')", '139****0006'],
    ["maskMobile('139123')", ''],
    ['maskMobile(missing)', ''],
    ['duration(59)', '59秒'],
    ['duration(120)', '2分钟'],
    ['duration(7200)', '2小时'],
    ['duration(data)', ''],
    ['progress(12.345)', '12.35'],
    ['progress(true)', ''],
    ['relativeTime(undefinedRoot)', ''],
    ["default(data.empty, '—')", '—'],
    ["default(data.nothing, '—')", '—'],
    ["default(data.missing, '—')", '—'],
    ["default(data.total, '—')", 0],
    ["default(data.name, '—')", 'exam'],
    ["join(item.tags, '、')", 'hot、top'],
    ['join(item.tags)', 'hot,top'],
    ["join(data.name, ',')", ''],
    ['len(item.tags)', 2],
    ['len(data.name)', 4],
    ['len(data)', 7],
    ['len(missing)', 0],
    ['len(5)', 0],
    ["'¥' + money(data.price)", '¥19.90'],
  ])('%s → %j', (src, value) => {
    const r = compileExpression(src);
    expect(r.ok && r.run(scope)).toEqual(value);
  });

  it('relativeTime uses the display rules', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(ev('relativeTime(x)', { x: now })).toBe('刚刚');
    expect(ev('relativeTime(x)', { x: now - 120 })).toBe('2分钟前');
  });

  it('accepts a custom registry; a throwing formatter yields ""', () => {
    const fns = {
      upper: (v: unknown) => String(v).toUpperCase(),
      boom: () => {
        throw new Error('x');
      },
    };
    const up = compileExpression("upper('a') + boom()", fns);
    expect(up.ok && up.run({})).toBe('A');
    const money = compileExpression('money(1)', fns);
    expect(money.ok).toBe(false);
  });
});

describe('never throws at run time', () => {
  it.each([
    ['a + b', { a: Object.create(null), b: 's' }],
    ['a < b', { a: Object.create(null), b: 1 }],
    ['-a', { a: Symbol('x') }],
    ['a * 2', { a: 10n }],
    [
      'a.b',
      {
        a: new Proxy(
          {},
          {
            has: () => {
              throw new Error('trap');
            },
            getOwnPropertyDescriptor: () => {
              throw new Error('trap');
            },
          },
        ),
      },
    ],
    ["join(a, '')", { a: [Object.create(null), 1] }],
  ])('%s', (src, s) => {
    expect(() => ev(src, s as Scope)).not.toThrow();
  });
});
