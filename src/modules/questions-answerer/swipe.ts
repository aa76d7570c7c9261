/** Horizontal swipes of 50 px or more (spec §9) turn questions; ignored while text is selected or in a text field. */
import { type TouchEvent, useRef } from 'react';

export const SWIPE_PX = 50;

export function swipeDirection(dx: number, dy: number, selecting: boolean): -1 | 0 | 1 {
  if (selecting || Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}

export function useSwipe(onTurn: (dir: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(e: TouchEvent) {
      const el = e.target as HTMLElement;
      const t = e.touches[0];
      start.current = !t || el.closest('input, textarea') ? null : { x: t.clientX, y: t.clientY };
    },
    onTouchEnd(e: TouchEvent) {
      const s = start.current;
      start.current = null;
      const t = e.changedTouches[0];
      if (!s || !t) return;
      const selecting = (globalThis.getSelection?.()?.toString() ?? '') !== '';
      const dir = swipeDirection(t.clientX - s.x, t.clientY - s.y, selecting);
      if (dir !== 0) onTurn(dir);
    },
  };
}
