import { describe, expect, it } from 'vitest';
import { addAfterPaint } from '../../src/protocol/after-paint';

const link = (f: string) => `<link rel="modulepreload" crossorigin href="/assets/${f}">`;
const template = (html: string) => /<template id="after-paint">(.*?)<\/template>/.exec(html)?.[1] ?? '';

describe('the after-paint template (what a page fetches once its first screen is painted)', () => {
  const page = '<html><head><title>备考</title></head><body></body></html>';

  it('is made before </head> when the HTML has none', () => {
    const html = addAfterPaint(page, link('boot.js'));
    expect(html).toContain(`<template id="after-paint">${link('boot.js')}</template></head>`);
  });

  it("takes a page's chunks after the app's, each file once: chunks the app already preloads are not listed again", () => {
    const app = addAfterPaint(page, link('boot.js') + link('client.js') + link('app.js'));
    const html = addAfterPaint(app, link('client.js') + link('VideoPlayer.js') + link('app.js') + link('CourseCatalog.js'));
    expect(template(html)).toBe(link('boot.js') + link('client.js') + link('app.js') + link('VideoPlayer.js') + link('CourseCatalog.js'));
  });

  it('lists a file named twice in one call once, and keeps a stylesheet preload next to a script of the same name', () => {
    const css = '<link rel="preload" as="style" crossorigin href="/assets/CourseCatalog.css">';
    const html = addAfterPaint(page, link('a.js') + link('a.js') + css);
    expect(template(html)).toBe(link('a.js') + css);
  });

  it('leaves the HTML as it was when nothing is new', () => {
    const once = addAfterPaint(page, link('boot.js'));
    expect(addAfterPaint(once, link('boot.js'))).toBe(once);
    expect(addAfterPaint(page, '')).toBe(page);
  });
});
