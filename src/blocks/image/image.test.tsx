import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import ImageBlock, { aspectRatio } from './ImageBlock';
import type { ImageProps } from './props.gen';

const render = (props: ImageProps) => renderToStaticMarkup(<ImageBlock {...fakeBlockProps('image', props).blockProps} />);

describe('image block', () => {
  it('turns a ratio into a CSS aspect-ratio', () => {
    expect(aspectRatio('16:9')).toBe('16 / 9');
    expect(aspectRatio('1.5:1')).toBe('1.5 / 1');
    expect(aspectRatio('0:9')).toBeUndefined();
    expect(aspectRatio('wide')).toBeUndefined();
    expect(aspectRatio(undefined)).toBeUndefined();
  });

  it('renders a lazy full-width image with ratio and radius', () => {
    const html = render({ src: 'https://cdn.example/a.png', alt: '海报', ratio: '16:9', radius: 8 });
    expect(html).toContain('src="https://cdn.example/a.png"');
    expect(html).toContain('alt="海报"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('aspect-ratio:16 / 9');
    expect(html).toContain('border-radius:8px');
    expect(html).toContain('bk-image-full');
    expect(html).not.toContain('tappable');
  });

  it('loads eagerly when lazy is false, marks tappable images and auto width', () => {
    const html = render({ src: '/a.png', lazy: false, width: 'auto', actions: [{ action: 'navigate', to: '/x' }] });
    expect(html).toContain('loading="eager"');
    expect(html).toContain('bk-image-auto');
    expect(html).toContain('tappable');
  });

  it('renders nothing without a src', () => {
    expect(render({ src: '' })).toBe('');
  });
});
