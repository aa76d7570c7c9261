import { describe, expect, it } from 'vitest';
import { fakeEnv } from '../../../tests/support/fake-env';
import { DEFAULT_FONT_SIZE as CONTRACT_FONT_SIZE } from '../../contract/ebooks';
import { ReaderController } from './controller';
import {
  clampFont,
  DEFAULT_FONT_SIZE,
  DEFAULT_SETTINGS,
  loadSettings,
  NIGHT_THEME,
  normalizeSettings,
  SETTINGS_KEY,
  saveSettings,
  THEMES,
} from './settings';

describe('reader settings', () => {
  it('start at the spec defaults: font size 18 and theme 1 (text #333 on #fff)', () => {
    expect(DEFAULT_FONT_SIZE).toBe(CONTRACT_FONT_SIZE);
    expect(loadSettings(fakeEnv().storage)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ fontSize: 18, theme: 1, mode: 'page' });
    expect(THEMES[0]).toMatchObject({ id: 1, text: '#333', bg: '#fff' });
    expect(THEMES.map((t) => t.key)).toEqual(['white', 'sepia', 'green', 'night']);
  });

  it('keep font size, theme, line height and mode on the device (env.storage)', () => {
    const env = fakeEnv();
    let s = loadSettings(env.storage);
    s = saveSettings(env.storage, s, { fontSize: 22 });
    s = saveSettings(env.storage, s, { theme: 2 });
    s = saveSettings(env.storage, s, { lineHeight: 2.1, mode: 'scroll' });
    expect(env.storage.getJson(SETTINGS_KEY, null)).toMatchObject({ fontSize: 22, theme: 2, lineHeight: 2.1, mode: 'scroll' });
    // A new reader on the same device (a reload) starts with them.
    const ctl = new ReaderController({ env, events: { doc: null, win: null } });
    expect(ctl.getState().settings).toMatchObject({ fontSize: 22, theme: 2, lineHeight: 2.1, mode: 'scroll' });
    ctl.setSettings({ fontSize: 24 });
    expect(loadSettings(env.storage).fontSize).toBe(24);
  });

  it('night mode remembers the day theme to go back to', () => {
    const env = fakeEnv();
    let s = saveSettings(env.storage, DEFAULT_SETTINGS, { theme: 3 });
    s = saveSettings(env.storage, s, { theme: NIGHT_THEME });
    expect(s).toMatchObject({ theme: NIGHT_THEME, dayTheme: 3 });
  });

  it('keep the font size in 14–28 on steps of 2 and repair stored values', () => {
    expect(clampFont(8)).toBe(14);
    expect(clampFont(40)).toBe(28);
    expect(clampFont(19)).toBe(20);
    expect(normalizeSettings({ fontSize: 'x', theme: 9, lineHeight: 5, mode: 'sideways' })).toEqual({
      ...DEFAULT_SETTINGS,
      fontSize: DEFAULT_FONT_SIZE,
    });
    const env = fakeEnv();
    env.storage.set(SETTINGS_KEY, '{not json');
    expect(loadSettings(env.storage)).toEqual(DEFAULT_SETTINGS);
  });
});
