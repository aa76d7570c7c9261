import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { BlockList, type TreeContext } from '../../src/runtime/BlockTree';
import type { PageApi } from '../../src/runtime/block-api';
import { dependenciesOf } from '../../src/runtime/data-sources';
import type { BlockNode } from '../../src/runtime/page-config.gen';
import { fakeEnv } from '../support/fake-env';

const page: PageApi = {
  name: 'p',
  source: () => undefined,
  loadMore: vi.fn(),
  refresh: vi.fn(),
  setState: vi.fn(),
  registerImageSource: () => () => {},
  imageSource: () => undefined,
};
const ctx: TreeContext = { page, env: fakeEnv(), run: vi.fn(async () => {}), file: 'pages-config/test/x.json' };
/** A node of a type no block registers (as a broken or stale config might hold). */
const unknownNode = (extra: Record<string, unknown> = {}) => ({ type: 'no-such-block', ...extra }) as unknown as BlockNode;

describe('block tree', () => {
  it('shows an unknown block type as a visible error with file and JSON path in development', () => {
    const html = renderToStaticMarkup(<BlockList nodes={[unknownNode()]} scope={{}} ctx={ctx} path="/blocks" />);
    expect(html).toContain('data-testid="block-error"');
    expect(html).toContain('pages-config/test/x.json /blocks/0');
    expect(html).toContain('未知区块类型 &quot;no-such-block&quot;');
  });

  it('renders nothing for a block whose visibleOn is false, even an unknown one', () => {
    const html = renderToStaticMarkup(
      <BlockList nodes={[unknownNode({ visibleOn: 'data.x > 1' })]} scope={{ data: { x: 0 } }} ctx={ctx} path="/blocks" />,
    );
    expect(html).toBe('');
  });
});

describe('data source dependencies', () => {
  it('finds the sources a source reads through data.<name>', () => {
    expect(dependenciesOf({ endpoint: 'genus.category', params: { genus_id: '${data.genera[state.pick].id}' } })).toEqual(['genera']);
    expect(dependenciesOf({ endpoint: 'genus.news', params: { id: '${route.id}' }, when: 'data.detail && data.user' }).sort()).toEqual([
      'detail',
      'user',
    ]);
    expect(dependenciesOf({ endpoint: 'genus.genus' })).toEqual([]);
  });
});
