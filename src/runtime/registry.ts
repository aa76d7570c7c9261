import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { BlockDefinition, BlockProps } from './block-api';
import { loadWithTimeout } from './lazy-timeout';

interface Registered extends BlockDefinition {
  Component: LazyExoticComponent<ComponentType<BlockProps<never>>>;
}

const blocks = new Map<string, Registered>();

/** One registry: type → lazily loaded component. Registering a type twice is an error at start. */
export function registerBlock(def: BlockDefinition): void {
  if (blocks.has(def.type)) throw new Error(`区块类型重复注册：${def.type}`);
  blocks.set(def.type, { ...def, Component: lazy(() => loadWithTimeout(def.load)) });
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
