import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { BlockProps, PageApi, SourceState } from '../../src/runtime/block-api';
import type { Scope } from '../../src/runtime/expr';
import type { BlockNode } from '../../src/runtime/page-config.gen';

/** BlockProps for rendering a block component alone in a unit test (e.g. with renderToStaticMarkup). */
export function fakeBlockProps<P>(type: string, props: P, opts: { scope?: Scope; sources?: Record<string, SourceState>; children?: ReactNode } = {}) {
  const page: PageApi = {
    name: 'test-page',
    source: (n) => opts.sources?.[n],
    loadMore: vi.fn(),
    refresh: vi.fn(),
    setState: vi.fn(),
  };
  const node: BlockNode = { type, props: props as Record<string, unknown> };
  const run = vi.fn(async () => {});
  const renderBlocks = vi.fn((_nodes: readonly BlockNode[] | undefined, _extra?: Scope): ReactNode => null);
  const blockProps: BlockProps<P> = { props, node, scope: opts.scope ?? {}, children: opts.children ?? null, renderBlocks, run, page };
  return { blockProps, page, run, renderBlocks };
}
