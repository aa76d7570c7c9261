import type { CSSProperties } from 'react';
import type { BlockProps } from '../../runtime/block-api';
import type { TextProps } from './props.gen';
import './text.css';

const SIZES = { xs: 12, sm: 13, md: 15, lg: 17, xl: 20 } as const;
const COLORS: Record<string, string> = {
  brand: 'var(--brand)',
  danger: 'var(--danger)',
  success: 'var(--success)',
  muted: 'var(--muted)',
};

/** Inline style for the props: size, colour, weight, alignment and the line clamp. */
export function textStyle(p: Omit<TextProps, 'text'>): CSSProperties {
  const s: CSSProperties = {};
  if (p.align) s.textAlign = p.align;
  if (typeof p.size === 'number') s.fontSize = p.size;
  else if (p.size && p.size in SIZES) s.fontSize = SIZES[p.size];
  if (p.color) s.color = COLORS[p.color] ?? p.color;
  else if (p.muted) s.color = COLORS.muted;
  if (p.bold) s.fontWeight = 600;
  if (p.strike) s.textDecoration = 'line-through';
  if (p.lines && p.lines >= 1) {
    Object.assign(s, { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: Math.floor(p.lines), overflow: 'hidden' });
  }
  return s;
}

/** What to show for a resolved text value (numbers included; null/undefined/objects → ''). */
export function textOf(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/** A heading or paragraph. */
export default function TextBlock({ props }: BlockProps<TextProps>) {
  const text = textOf(props.text);
  if (!text) return null;
  const Tag = props.as ?? 'p';
  return (
    <Tag className={`bk-text bk-text-${Tag}`} style={textStyle(props)}>
      {text}
    </Tag>
  );
}
