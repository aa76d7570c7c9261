/** Reading content files: JSON, and Markdown with a small front matter (`key: value` lines between `---`). */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { ContentError, displayPath, throwFirstIssue } from './errors';

export interface ContentDir {
  /** Absolute path of the content folder (its `reference/` and `demo/` sub-folders). */
  root: string;
}

function fileOf(dir: ContentDir, rel: string): string {
  return path.join(dir.root, rel);
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new ContentError(displayPath(file), '', '文件不存在或无法读取');
  }
}

/** Files of a folder with the extension, sorted by name with numbers in numeric order (2.md before 10.md). */
export function listFiles(dir: ContentDir, rel: string, ext: '.json' | '.md'): string[] {
  const folder = fileOf(dir, rel);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    throw new ContentError(displayPath(folder), '', '文件夹不存在');
  }
  return names
    .filter((n) => n.endsWith(ext) && !n.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((n) => path.posix.join(rel, n));
}

/** Sub-folders of a folder, sorted by name. */
export function listFolders(dir: ContentDir, rel: string): string[] {
  const folder = fileOf(dir, rel);
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

export function parseWith<S extends z.ZodType>(file: string, schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data, { reportInput: true });
  if (!parsed.success) throwFirstIssue(displayPath(file), parsed.error);
  return parsed.data;
}

export function readJson<S extends z.ZodType>(dir: ContentDir, rel: string, schema: S): z.output<S> {
  const file = fileOf(dir, rel);
  let data: unknown;
  try {
    data = JSON.parse(readText(file));
  } catch (e) {
    if (e instanceof ContentError) throw e;
    throw new ContentError(displayPath(file), '', `不是有效的 JSON（${e instanceof Error ? e.message : String(e)}）`);
  }
  return parseWith(file, schema, data);
}

/**
 * Front matter values are strings: the rest of the line after `key:` (trimmed); a value starting with `"` is read
 * as a JSON string (for leading spaces or line breaks). The body (field `body`) is the text after the front matter,
 * without its surrounding blank lines.
 */
export function parseMarkdown(file: string, source: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let body = source.replace(/\r\n/g, '\n');
  if (body.startsWith('---\n')) {
    const end = body.indexOf('\n---\n', 3);
    if (end < 0) throw new ContentError(displayPath(file), '', '开头的 --- 没有对应的结束行 ---');
    for (const [i, line] of body.slice(4, end).split('\n').entries()) {
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
      const m = /^([A-Za-z][A-Za-z0-9_]*):\s?(.*)$/.exec(line);
      if (!m?.[1]) throw new ContentError(displayPath(file), `第 ${i + 2} 行`, '应为“名称: 值”');
      out[m[1]] = frontValue(file, m[1], (m[2] ?? '').trim());
    }
    body = body.slice(end + 5);
  }
  out.body = body.replace(/^\n+/, '').replace(/\s+$/, '');
  return out;
}

function frontValue(file: string, key: string, raw: string): unknown {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new ContentError(displayPath(file), key, '以 " 开头的值必须是完整的 JSON 字符串');
    }
  }
  return raw;
}

export function readMarkdown<S extends z.ZodType>(dir: ContentDir, rel: string, schema: S): z.output<S> {
  const file = fileOf(dir, rel);
  return parseWith(file, schema, parseMarkdown(file, readText(file)));
}

/** How an operator names a file of the content folder in messages. */
export function shownPath(dir: ContentDir, rel: string): string {
  return displayPath(fileOf(dir, rel));
}
