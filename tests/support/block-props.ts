import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { BlockProps, PageApi, SourceState } from '../../src/runtime/block-api';
import type { Env } from '../../src/runtime/env';
import type { Scope } from '../../src/runtime/expr';
import type { BlockNode } from '../../src/runtime/page-config.gen';
import { fakeEnv } from './fake-env';

/** A page API for tests: sources from `sources`, mocked loaders, a real page-scoped image-source registry. */
export function fakePage(sources: Record<string, SourceState> = {}): PageApi {
  const images = new Map<string, () => Promise<string>>();
  return {
    name: 'test-page',
    source: (n) => sources[n],
    loadMore: vi.fn(),
    refresh: vi.fn(),
    setState: vi.fn(),
    registerImageSource: (id, render) => {
      images.set(id, render);
      return () => images.delete(id);
    },
    imageSource: (id) => images.get(id),
  };
}

/** BlockProps for rendering a block component alone in a unit test (e.g. with renderToStaticMarkup). */
export function fakeBlockProps<P>(
  type: string,
  props: P,
  opts: { scope?: Scope; sources?: Record<string, SourceState>; children?: ReactNode; env?: Env } = {},
) {
  const page = fakePage(opts.sources);
  const env = opts.env ?? fakeEnv();
  const node = { type, props } as unknown as BlockNode;
  const run = vi.fn(async () => {});
  const renderBlocks = vi.fn((_nodes: readonly BlockNode[] | undefined, _extra?: Scope): ReactNode => null);
  const blockProps: BlockProps<P> = { props, node, scope: opts.scope ?? {}, children: opts.children ?? null, renderBlocks, run, page, env };
  return { blockProps, page, run, renderBlocks, env };
}
