// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { describe, expect, it } from 'vitest';
import { compileExpression, compileTemplate, isTemplate, renderTemplate, resolveDeep, type Scope } from '../../../src/runtime/expr';

const scope: Scope = {
  data: { total: 12, list: [1, 2], obj: { a: 1 }, price: 2000, none: null },
  route: { newsId: '9' },
};

describe('templates', () => {
  it('a single ${expr} returns the raw value', () => {
    expect(renderTemplate('${data.total}', scope)).toBe(12);
    expect(renderTemplate('${data.list}', scope)).toEqual([1, 2]);
    expect(renderTemplate('${data.obj}', scope)).toBe((scope.data as { obj: unknown }).obj);
    expect(renderTemplate('${data.none}', scope)).toBeNull();
    expect(renderTemplate('${data.missing}', scope)).toBeUndefined();
    expect(renderTemplate('${ data.total > 10 }', scope)).toBe(true);
  });

  it('otherwise concatenates, with null/undefined as empty text', () => {
    expect(renderTemplate('共${data.total}题', scope)).toBe('共12题');
    expect(renderTemplate(' ${data.total}', scope)).toBe(' 12');
    expect(renderTemplate('${data.total}${data.total}', scope)).toBe('1212');
    expect(renderTemplate('[${data.none}|${data.missing}]', scope)).toBe('[|]');
    expect(renderTemplate('¥${money(data.price)}', scope)).toBe('¥20');
    expect(renderTemplate("${default(data.missing, '}')}!", scope)).toBe('}!');
    expect(renderTemplate('/news/${route.newsId}?from=${"list"}', scope)).toBe('/news/9?from=list');
  });

  it('a string without ${ is a constant', () => {
    expect(renderTemplate('hello', scope)).toBe('hello');
    expect(renderTemplate('', scope)).toBe('');
    expect(renderTemplate('$ { } $x {', scope)).toBe('$ { } $x {');
  });

  it('$${ is a literal ${', () => {
    expect(renderTemplate('$${data.total}', scope)).toBe('${data.total}');
    expect(renderTemplate('cost $${x} = ${data.total}', scope)).toBe('cost ${x} = 12');
    expect(renderTemplate('$$${a}', scope)).toBe('$${a}');
    expect(isTemplate('$${data.total}')).toBe(false);
    expect(isTemplate('$$${a}')).toBe(false);
  });

  it('isTemplate', () => {
    expect(isTemplate('${a}')).toBe(true);
    expect(isTemplate('x ${a}')).toBe(true);
    expect(isTemplate('$${a} ${b}')).toBe(true);
    expect(isTemplate('plain')).toBe(false);
    expect(isTemplate(12)).toBe(false);
    expect(isTemplate(null)).toBe(false);
  });
});

describe('paths', () => {
  const paths = (text: string) => {
    const r = compileTemplate(text);
    if (!r.ok) throw new Error(r.error.message);
    return r.paths;
  };

  it.each([
    ['${route.newsId}', ['route.newsId']],
    ['${route.newsId} ${exam.genus_id}', ['route.newsId', 'exam.genus_id']],
    ['${item.tags[0]}', ['item.tags.0']],
    ["${data['x-y'].z}", ['data.x-y.z']],
    ['${data.list[route.index].name}', ['route.index', 'data.list']],
    ['${data.list[i + 1]}', ['i', 'data.list']],
    ['${money(goods.price) + len(list)}', ['goods.price', 'list']],
    ['${a ? b.c : !d.e ?? -f}', ['a', 'b.c', 'd.e', 'f']],
    ['${a.b} ${a.b} ${a}', ['a.b', 'a']],
    ['${(a || b).c}', ['a', 'b']],
    ["${1 + 'x' + true}", []],
    ['constant', []],
  ])('%s → %j', (text, expected) => expect(paths(text)).toEqual(expected));

  it('compileExpression reports paths too', () => {
    const r = compileExpression('route.newsId && exam.genus_id');
    expect(r.ok && r.paths).toEqual(['route.newsId', 'exam.genus_id']);
  });
});

describe('resolveDeep', () => {
  it('renders template strings inside JSON and leaves other values', () => {
    const config = {
      title: '共${data.total}题',
      count: '${data.total}',
      n: 5,
      flag: true,
      none: null,
      list: ['${route.newsId}', 'plain', { deep: '${data.list}' }],
      escaped: '$${x}',
    };
    expect(resolveDeep(config, scope)).toEqual({
      title: '共12题',
      count: 12,
      n: 5,
      flag: true,
      none: null,
      list: ['9', 'plain', { deep: [1, 2] }],
      escaped: '${x}',
    });
  });

  it('returns the same objects when nothing inside is a template', () => {
    const config = { a: [1, 'x', { b: 'y' }], c: { d: null } };
    expect(resolveDeep(config, scope)).toBe(config);
    const mixed = { keep: { a: 1 }, change: '${data.total}' };
    const out = resolveDeep(mixed, scope) as typeof mixed;
    expect(out).not.toBe(mixed);
    expect(out.keep).toBe(mixed.keep);
  });

  it('keeps a "__proto__" key a plain key', () => {
    const config = JSON.parse('{"__proto__": {"x": "${data.total}"}, "y": "${data.total}"}') as object;
    const out = resolveDeep(config, scope) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('leaves class instances alone', () => {
    const d = new Date(0);
    expect(resolveDeep(d, scope)).toBe(d);
  });
});
