import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { QrGroupProps } from './props.gen';
import QrGroupBlock from './QrGroupBlock';

const render = (props: QrGroupProps) => renderToStaticMarkup(<QrGroupBlock {...fakeBlockProps('qr-group', props).blockProps} />);
/** The opening tag of the first generated QR code (attribute order is the library's business). */
const qrTag = (html: string) => /<svg\b[^>]*>/.exec(html)?.[0] ?? '';

describe('QrGroupBlock', () => {
  it('draws a QR code for a value, with title, caption and hint', () => {
    const html = render({
      items: [{ value: 'https://beikao.example/group/promo1', title: '备考交流群', caption: '群满后请加老师微信' }],
      hint: '长按识别二维码',
    });
    expect(qrTag(html)).toContain('class="qr-code"');
    expect(qrTag(html)).toContain('height="160"');
    expect(qrTag(html)).toContain('width="160"');
    expect(html).toContain('<title>备考交流群</title>');
    expect(html).toContain('<path');
    expect(html).toContain('<h2 class="qr-title">备考交流群</h2>');
    expect(html).toContain('群满后请加老师微信');
    expect(html).toContain('<p class="qr-hint">长按识别二维码</p>');
    expect(html).toContain('qr-group-row');
  });
  it('different values give different codes; the size prop sets the size', () => {
    const a = render({ items: [{ value: 'a' }], size: 120 });
    const b = render({ items: [{ value: 'b' }], size: 120 });
    expect(a).not.toBe(b);
    expect(qrTag(a)).toContain('height="120"');
    expect(qrTag(a)).toContain('width="120"');
  });
  it('shows a ready image instead of generating a code', () => {
    const html = render({ items: [{ image: '/media/qr/teacher.svg', title: '班主任' }], layout: 'column' });
    expect(html).toContain('<img class="qr-code" src="/media/qr/teacher.svg" alt="班主任"');
    expect(html).not.toContain('<svg');
    expect(html).toContain('qr-group-column');
  });
  it('offers a copy button for copyText', () => {
    const html = render({ items: [{ value: 'x', copyText: 'beikao2026' }, { value: 'y' }] });
    expect(html).toContain('<span>beikao2026</span><button type="button">复制</button>');
    expect(html.match(/复制/g)).toHaveLength(1);
  });
});
