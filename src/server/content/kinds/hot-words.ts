/** demo/hot-words.json: search hot words, platform-wide and per genus; earlier words are hotter. */
import { z } from 'zod';
import { text } from '../fields';
import { type ContentDir, readJson } from '../files';

export const hotWordsSchema = z.strictObject({ global: z.array(text()), byGenus: z.record(text(), z.array(text())) });

export type HotWordsContent = z.output<typeof hotWordsSchema>;

export const loadHotWords = (dir: ContentDir) => readJson(dir, 'demo/hot-words.json', hotWordsSchema);
