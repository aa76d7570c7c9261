/** The colours of generated covers (e-books, courses, goods, news): background pairs, picked by the title's hash. */
const TONES: ReadonlyArray<readonly [string, string]> = [
  ['#3d7bf0', '#2456c8'],
  ['#1f9d8a', '#117363'],
  ['#e3833a', '#c2571c'],
  ['#7b54c9', '#5433a3'],
  ['#d9534f', '#b02f2c'],
  ['#2b8fb8', '#1a6488'],
  ['#4a5a78', '#2e3a52'],
  ['#c0883a', '#9a6420'],
];

function hashOf(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/** The background pair of a cover (first colour, second colour): the same title always gets the same pair. */
export function coverTone(title: string): readonly [string, string] {
  return TONES[hashOf(title) % TONES.length] ?? (TONES[0] as readonly [string, string]);
}
