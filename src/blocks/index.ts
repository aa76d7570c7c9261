import type { BlockDefinition } from '../runtime/block-api';
import { registerBlock } from '../runtime/registry';

/**
 * Every block folder (and every module folder) has a `definition.ts` exporting `definition` (type, lazy loader, raw props).
 * They are collected here at build time; the components themselves stay lazy chunks.
 */
const modules = {
  ...import.meta.glob<{ definition: BlockDefinition }>('./*/definition.ts', { eager: true }),
  // Hand-coded core modules are blocks too (src/modules/<type>/definition.ts).
  ...import.meta.glob<{ definition: BlockDefinition }>('../modules/*/definition.ts', { eager: true }),
};

export function registerAllBlocks(): void {
  for (const [file, mod] of Object.entries(modules)) {
    const folder = file.split('/').at(-2);
    if (mod.definition.type !== folder) throw new Error(`${file}: block type "${mod.definition.type}" must match its folder "${folder}"`);
    registerBlock(mod.definition);
  }
}
