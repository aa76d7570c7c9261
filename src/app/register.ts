import { registerAction } from '../runtime/actions';
import type { BlockDefinition } from '../runtime/block-api';
import { registerBuiltinActions } from '../runtime/builtin-actions';
import { registerBlock } from '../runtime/registry';

/**
 * Every block folder (`src/blocks/<type>/`) and every core-module folder (`src/modules/<type>/`) has a
 * `definition.ts` exporting `definition` (type, lazy loader, raw props). They are collected here at
 * build time; the components themselves stay lazy chunks.
 */
const definitions = {
  ...import.meta.glob<{ definition: BlockDefinition }>('../blocks/*/definition.ts', { eager: true }),
  ...import.meta.glob<{ definition: BlockDefinition }>('../modules/*/definition.ts', { eager: true }),
};

export function registerAllBlocks(): void {
  for (const [file, mod] of Object.entries(definitions)) {
    const folder = file.split('/').at(-2);
    if (mod.definition.type !== folder) throw new Error(`${file}: block type "${mod.definition.type}" must match its folder "${folder}"`);
    registerBlock(mod.definition);
  }
}

/** Blocks, modules and the action table, once at start. Core modules add their actions here. */
export function registerAll(): void {
  registerAllBlocks();
  registerBuiltinActions();
  registerModuleActions();
}

/** The actions core modules add (one schema file each in schemas/actions/); each handler's code loads on first use. */
export function registerModuleActions(): void {
  // 下载离线阅读 (e-book detail page): the download and its progress panel load with the reader's chunk.
  registerAction('downloadEbook', async (a, { env }) =>
    (await import('../modules/ebooks-reader/download-action')).downloadEbookAction(env, Number(a.ebookId)),
  );
}
