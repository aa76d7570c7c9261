import { type PointerEvent, type MouseEvent as ReactMouseEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { type KeyValueStore, useEnv } from '../../runtime/block-api';
import { uiState } from '../../state/ui';
import {
  clampPosition,
  clearOfBottomBar,
  defaultPosition,
  isDrag,
  nearestSide,
  POSITION_KEY,
  type Point,
  parseStoredPosition,
  restAtEdge,
  type Size,
} from './feedback-logic';
import './feedback.css';

function viewport(): Size {
  return typeof window === 'undefined' ? { width: 375, height: 667 } : { width: window.innerWidth, height: window.innerHeight };
}

function initialPosition(storage: KeyValueStore): Point {
  const stored = parseStoredPosition(storage.getJson<unknown>(POSITION_KEY, null));
  const vp = viewport();
  return stored ? restAtEdge(stored, vp, nearestSide(stored, vp)) : defaultPosition(vp);
}

/**
 * A bar fixed to the bottom of the screen under the button's column (the edge it rests at): its top (the viewport
 * height when none).
 */
function bottomBarTop(side: 'left' | 'right'): number {
  if (typeof document === 'undefined' || typeof document.elementsFromPoint !== 'function') return viewport().height;
  const { width, height } = viewport();
  let top = height;
  // Elements under the point share their ancestors: each is looked at once.
  const seen = new Set<Element>();
  for (const x of [side === 'left' ? width * 0.15 : width * 0.85]) {
    for (const el of document.elementsFromPoint(x, height - 2)) {
      if (el.closest('.feedback-button')) continue;
      for (let n: Element | null = el; n && n !== document.body && !seen.has(n); n = n.parentElement) {
        seen.add(n);
        const style = getComputedStyle(n);
        if (style.position !== 'fixed' && style.position !== 'sticky') continue;
        const r = n.getBoundingClientRect();
        // A bar: anchored at the bottom and lower than half the screen (not a full-screen overlay).
        if (r.bottom >= height - 1 && r.height < height / 2) top = Math.min(top, r.top);
        break;
      }
    }
  }
  return top;
}

interface Gesture {
  pointerId: number;
  startX: number;
  startY: number;
  origin: Point;
  dragging: boolean;
}

function openFeedback(): void {
  uiState.popup = 'feedback';
}

/**
 * The draggable floating feedback button (spec §2). A pointer (finger or mouse) that travels less than
 * the swipe threshold is a tap and opens the popup; farther is a drag that moves the button, kept
 * inside the viewport; dropped, it rests at the nearer screen edge and remembers that place. It is drawn
 * above a bar fixed to the bottom of the page (an action bar, the tab bar) so it never covers a primary action. Hidden on pages whose meta says so and on
 * routes with no page name.
 */
export function FeedbackButton() {
  const env = useEnv();
  const { page } = useSnapshot(uiState);
  const [pos, setPos] = useState(() => initialPosition(env.storage));
  // The edge it rests at, kept apart from x: after a rotation x means something else.
  const side = useRef<'left' | 'right'>(nearestSide(pos, viewport()));
  const [barTop, setBarTop] = useState(() => viewport().height);
  const gesture = useRef<Gesture | null>(null);
  const pageName = page?.name ?? '';

  // A rotation or a resized window: the button goes back to its edge, inside the new viewport.
  useEffect(() => {
    const onResize = () => {
      setPos((p) => restAtEdge(p, viewport(), side.current));
      setBarTop(bottomBarTop(side.current));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // Each page: look for a bottom action bar (also once its data has drawn it) and keep clear of it.
  // Each look waits for the next painted frame and then for an idle moment, so it reads a laid-out page instead of
  // forcing a layout in the middle of the first render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is what asks for a new look.
  useEffect(() => {
    let live = true;
    const measure = () => {
      if (live) setBarTop(bottomBarTop(side.current));
    };
    const look = () =>
      requestAnimationFrame(() =>
        typeof requestIdleCallback === 'function' ? requestIdleCallback(measure, { timeout: 500 }) : setTimeout(measure, 0),
      );
    look();
    const timers = [300, 1000, 2500].map((ms) => setTimeout(look, ms));
    return () => {
      live = false;
      timers.forEach(clearTimeout);
    };
  }, [pageName]);

  if (!page || page.hideFeedback) return null;
  const dragging = Boolean(gesture.current?.dragging);
  const shown = dragging ? pos : clearOfBottomBar(pos, barTop);

  const moved = (g: Gesture, e: PointerEvent<HTMLButtonElement>): Point | null => {
    const dx = e.clientX - g.startX;
    const dy = e.clientY - g.startY;
    if (!g.dragging && !isDrag(dx, dy)) return null;
    g.dragging = true;
    return clampPosition({ x: g.origin.x + dx, y: g.origin.y + dy }, viewport());
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    gesture.current = {
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      origin: pos,
      dragging: false,
    };
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      /* capture is best effort */
    }
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    const next = moved(g, e);
    if (next) setPos(next);
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    gesture.current = null;
    const next = moved(g, e);
    if (!next) {
      openFeedback();
      return;
    }
    // Dropped: it rests at the nearer screen edge, at the height it was dropped.
    const vp = viewport();
    side.current = nearestSide(next, vp);
    const rest = restAtEdge(next, vp, side.current);
    setPos(rest);
    setBarTop(bottomBarTop(side.current)); // the bar under its new edge
    env.storage.setJson(POSITION_KEY, rest);
  };
  const onPointerCancel = () => {
    gesture.current = null;
  };
  // Pointer taps open the popup on pointerup; a click with detail 0 comes from the keyboard.
  const onClick = (e: ReactMouseEvent<HTMLButtonElement>) => {
    if (e.detail === 0) openFeedback();
  };

  return (
    <button
      type="button"
      className="feedback-button"
      data-testid="feedback-button"
      aria-haspopup="dialog"
      style={
        dragging ? { left: shown.x, top: shown.y } : { left: shown.x, top: shown.y, transition: 'left 0.2s ease-out, top 0.2s ease-out' }
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onClick={onClick}
    >
      {i18n.shell.feedback.button}
    </button>
  );
}
