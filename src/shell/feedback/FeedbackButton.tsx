import { type PointerEvent, type MouseEvent as ReactMouseEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { type KeyValueStore, useEnv } from '../../runtime/block-api';
import { uiState } from '../../state/ui';
import { clampPosition, defaultPosition, isDrag, POSITION_KEY, type Point, parseStoredPosition, type Size } from './feedback-logic';
import './feedback.css';

function viewport(): Size {
  return typeof window === 'undefined' ? { width: 375, height: 667 } : { width: window.innerWidth, height: window.innerHeight };
}

function initialPosition(storage: KeyValueStore): Point {
  const stored = parseStoredPosition(storage.getJson<unknown>(POSITION_KEY, null));
  return stored ? clampPosition(stored, viewport()) : defaultPosition(viewport());
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
 * inside the viewport, and remembers where it was dropped. Hidden on pages whose meta says so and on
 * routes with no page name.
 */
export function FeedbackButton() {
  const env = useEnv();
  const { page } = useSnapshot(uiState);
  const [pos, setPos] = useState(() => initialPosition(env.storage));
  const gesture = useRef<Gesture | null>(null);

  useEffect(() => {
    const onResize = () => setPos((p) => clampPosition(p, viewport()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  if (!page || page.hideFeedback) return null;

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
    setPos(next);
    env.storage.setJson(POSITION_KEY, next);
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
      style={{ left: pos.x, top: pos.y }}
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
