import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockDefinition } from '../../src/runtime/block-api';
import { clearRegistry, getBlock, registerBlock, registeredTypes } from '../../src/runtime/registry';

const schemaTypes = fs
  .readdirSync('schemas/blocks')
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => f.replace('.schema.json', ''))
  .sort();
const folderTypes = ['src/blocks', 'src/modules']
  .flatMap((dir) => fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, 'definition.ts'))))
  .sort();

describe('block registry', () => {
  it('has one schema per block or module folder and one folder per schema', () => {
    expect(folderTypes).toEqual(schemaTypes);
  });

  it('refuses a duplicate type at start', () => {
    clearRegistry();
    const def: BlockDefinition = { type: 'dup', load: async () => ({ default: () => null }) };
    registerBlock(def);
    expect(() => registerBlock(def)).toThrow('区块类型重复注册：dup');
    expect(registeredTypes()).toEqual(['dup']);
    expect(getBlock('missing')).toBeUndefined();
    clearRegistry();
  });
});
