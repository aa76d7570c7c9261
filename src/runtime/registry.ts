import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { BlockDefinition, BlockProps } from './block-api';
import { loadWithTimeout } from './lazy-timeout';

interface Registered extends BlockDefinition {
  /** Lazy until its chunk is loaded (`preloadBlocks`), then the loaded component itself (renders without suspending). */
  Component: LazyExoticComponent<ComponentType<BlockProps<never>>> | ComponentType<BlockProps<never>>;
  loaded?: boolean;
}

const blocks = new Map<string, Registered>();

/** One registry: type → lazily loaded component. Registering a type twice is an error at start. */
export function registerBlock(def: BlockDefinition): void {
  if (blocks.has(def.type)) throw new Error(`区块类型重复注册：${def.type}`);
  blocks.set(def.type, { ...def, Component: lazy(() => loadWithTimeout(def.load)) });
}

/**
 * Loads the chunks of these block types; a block whose chunk is loaded renders at once instead of suspending
 * for a frame. A failed load is left to the lazy component (it reports the chunk error where the block is).
 */
export function preloadBlocks(types: Iterable<string>, opts: { oneByOne?: boolean } = {}): Promise<void> {
  const load = (type: string) => {
    const b = blocks.get(type);
    if (!b || b.loaded) return undefined;
    return b.load().then(
      (m) => {
        if (blocks.get(type) === b) blocks.set(type, { ...b, Component: m.default, loaded: true });
      },
      () => undefined,
    );
  };
  if (opts.oneByOne) return oneByOne([...types], load);
  return Promise.all([...types].map(load)).then(() => undefined);
}

/**
 * Each chunk evaluated in a task of its own: the landing page's chunks are already downloading (the HTML preloads
 * them), and evaluated together they were one long task on a slow phone.
 */
async function oneByOne(types: string[], load: (type: string) => Promise<void> | undefined): Promise<void> {
  for (const type of types) {
    await load(type);
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
}

export function getBlock(type: string): Registered | undefined {
  return blocks.get(type);
}

export function registeredTypes(): string[] {
  return [...blocks.keys()].sort();
}

/** Test helper: forget every registration. */
export function clearRegistry(): void {
  blocks.clear();
}
