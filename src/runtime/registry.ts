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
export function preloadBlocks(types: Iterable<string>): Promise<void> {
  const loads = [...types].map((type) => {
    const b = blocks.get(type);
    if (!b || b.loaded) return undefined;
    return b.load().then(
      (m) => {
        if (blocks.get(type) === b) blocks.set(type, { ...b, Component: m.default, loaded: true });
      },
      () => undefined,
    );
  });
  return Promise.all(loads).then(() => undefined);
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
