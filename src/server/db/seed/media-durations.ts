/** Lengths of the sample HLS streams of media/hls (the demo lessons reuse them), read from their playlists. */
import fs from 'node:fs';
import path from 'node:path';

/** `media/hls/` of the working directory (the repository root, like content/). */
export const DEFAULT_MEDIA_DIR = path.resolve('media/hls');

/** Seconds of a stream: the sum of its playlist's #EXTINF durations, rounded; throws naming the file when missing. */
export function streamSeconds(mediaKey: string, mediaDir = DEFAULT_MEDIA_DIR): number {
  const file = path.join(mediaDir, mediaKey, 'index.m3u8');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)}: 示例视频不存在（见 media/hls/README.md）`);
  let total = 0;
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return Math.round(total);
}
