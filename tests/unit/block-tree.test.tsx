import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { PageApi } from '../../src/runtime/block-api';
import { BlockList, type TreeContext } from '../../src/runtime/BlockTree';
import { dependenciesOf } from '../../src/runtime/data-sources';

const page: PageApi = { name: 'p', source: () => undefined, loadMore: vi.fn(), refresh: vi.fn(), setState: vi.fn() };
const ctx: TreeContext = { page, run: vi.fn(async () => {}), file: 'pages-config/test/x.json' };

describe('block tree', () => {
  it('shows an unknown block type as a visible error with file and JSON path in development', () => {
    const html = renderToStaticMarkup(<BlockList nodes={[{ type: 'no-such-block' }]} scope={{}} ctx={ctx} path="/blocks" />);
    expect(html).toContain('data-testid="block-error"');
    expect(html).toContain('pages-config/test/x.json /blocks/0');
    expect(html).toContain('未知区块类型 &quot;no-such-block&quot;');
  });

  it('renders nothing for a block whose visibleOn is false, even an unknown one', () => {
    const html = renderToStaticMarkup(<BlockList nodes={[{ type: 'no-such-block', visibleOn: 'data.x > 1' }]} scope={{ data: { x: 0 } }} ctx={ctx} path="/blocks" />);
    expect(html).toBe('');
  });
});

describe('data source dependencies', () => {
  it('finds the sources a source reads through data.<name>', () => {
    expect(dependenciesOf({ endpoint: 'genus.category', params: { genus_id: '${data.genera[state.pick].id}' } })).toEqual(['genera']);
    expect(dependenciesOf({ endpoint: 'genus.news', params: { id: '${route.id}' }, when: 'data.detail && data.user' }).sort()).toEqual(['detail', 'user']);
    expect(dependenciesOf({ endpoint: 'genus.genus' })).toEqual([]);
  });
});
