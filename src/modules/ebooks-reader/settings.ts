/** The reader's settings (spec §3 "Reading setting"), remembered on the device through env.storage. */
import type { KeyValueStore } from '../../runtime/block-api';

/** Spec §9: default font size (the contract's DEFAULT_FONT_SIZE; a test keeps them equal without bundling zod here). */
export const DEFAULT_FONT_SIZE = 18;
export const FONT_MIN = 14;
export const FONT_MAX = 28;
export const FONT_STEP = 2;
export const LINE_HEIGHTS = [1.6, 1.85, 2.1] as const;
export const DEFAULT_LINE_HEIGHT = 1.85;

export interface Theme {
  id: number;
  /** Label key in ebookReader.themes (src/i18n/zh-CN/ebook-reader.ts). */
  key: 'white' | 'sepia' | 'green' | 'night';
  text: string;
  bg: string;
}

/** Spec §3: theme 1 is text #333 on #fff; then sepia, green (eye care) and night. */
export const THEMES: readonly Theme[] = [
  { id: 1, key: 'white', text: '#333', bg: '#fff' },
  { id: 2, key: 'sepia', text: '#5b4636', bg: '#f4ecd8' },
  { id: 3, key: 'green', text: '#2d3b2d', bg: '#cde6cf' },
  { id: 4, key: 'night', text: '#9a9a9e', bg: '#1b1c1f' },
];
export const NIGHT_THEME = 4;

export type ReadingMode = 'page' | 'scroll';

export interface ReaderSettings {
  fontSize: number;
  lineHeight: number;
  theme: number;
  mode: ReadingMode;
  /** The theme to go back to when night mode is switched off from the toolbar. */
  dayTheme: number;
}

export const SETTINGS_KEY = 'ebookReader.settings';

export const DEFAULT_SETTINGS: ReaderSettings = {
  fontSize: DEFAULT_FONT_SIZE,
  lineHeight: DEFAULT_LINE_HEIGHT,
  theme: 1,
  mode: 'page',
  dayTheme: 1,
};

const themeIds = new Set(THEMES.map((t) => t.id));

/** A font size inside the range, on the step grid. */
export function clampFont(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_FONT_SIZE;
  const stepped = FONT_MIN + Math.round((n - FONT_MIN) / FONT_STEP) * FONT_STEP;
  return Math.min(FONT_MAX, Math.max(FONT_MIN, stepped));
}

/** Settings from anything (a stored value of an older version, a hand-edited one): every field checked. */
export function normalizeSettings(v: unknown): ReaderSettings {
  const o = (v && typeof v === 'object' ? v : {}) as Partial<Record<keyof ReaderSettings, unknown>>;
  const theme = Number(o.theme);
  const dayTheme = Number(o.dayTheme);
  const lineHeight = Number(o.lineHeight);
  return {
    fontSize: o.fontSize === undefined ? DEFAULT_FONT_SIZE : clampFont(Number(o.fontSize)),
    lineHeight: (LINE_HEIGHTS as readonly number[]).includes(lineHeight) ? lineHeight : DEFAULT_LINE_HEIGHT,
    theme: themeIds.has(theme) ? theme : 1,
    mode: o.mode === 'scroll' ? 'scroll' : 'page',
    dayTheme: themeIds.has(dayTheme) && dayTheme !== NIGHT_THEME ? dayTheme : 1,
  };
}

export function loadSettings(storage: KeyValueStore): ReaderSettings {
  return normalizeSettings(storage.getJson<unknown>(SETTINGS_KEY, null));
}

/** Applies a change, keeps it on the device and returns the new settings. */
export function saveSettings(storage: KeyValueStore, current: ReaderSettings, change: Partial<ReaderSettings>): ReaderSettings {
  const next = normalizeSettings({ ...current, ...change });
  if (change.theme !== undefined && next.theme !== NIGHT_THEME) next.dayTheme = next.theme;
  storage.setJson(SETTINGS_KEY, next);
  return next;
}

export function themeOf(id: number): Theme {
  return THEMES.find((t) => t.id === id) ?? (THEMES[0] as Theme);
}
