import { resolveDeep, type Scope } from '../../runtime/block-api';
import type { ButtonSpec } from './props.gen';

export interface ResolvedButton {
  text: string;
  variant: 'primary' | 'default' | 'ghost';
  disabled: boolean;
  icon?: string;
  /** A toggle button: whether it is on (undefined for a plain button). */
  pressed?: boolean;
}

function safeResolve(value: unknown, scope: Scope): unknown {
  try {
    return resolveDeep(value, scope);
  } catch {
    return undefined;
  }
}

/** A flag field: `true` or a truthy `${…}` (the text 'false' is false). */
function flag(value: boolean | string | undefined, scope: Scope): boolean {
  const v = typeof value === 'string' ? safeResolve(value, scope) : value;
  return Boolean(v) && v !== 'false';
}

/**
 * `buttons` is a raw prop (its actions must stay unresolved until tapped), so the block resolves
 * the display fields itself: text, icon, disabled (`true` or a truthy `${…}`) and, for a toggle, pressed;
 * a pressed toggle shows its pressedText / pressedIcon when given.
 */
export function resolveButton(b: ButtonSpec, scope: Scope): ResolvedButton {
  const pressed = b.pressed === undefined ? undefined : flag(b.pressed, scope);
  const text = safeResolve(pressed && b.pressedText !== undefined ? b.pressedText : b.text, scope);
  const icon = safeResolve(pressed && b.pressedIcon !== undefined ? b.pressedIcon : b.icon, scope);
  return {
    text: text === undefined || text === null ? '' : String(text),
    variant: b.variant ?? 'primary',
    disabled: flag(b.disabled, scope),
    ...(typeof icon === 'string' && icon ? { icon } : {}),
    ...(pressed === undefined ? {} : { pressed }),
  };
}

/** The actions a tap runs: a pressed toggle runs its pressedActions when given. */
export function actionsOf(b: ButtonSpec, scope: Scope): ButtonSpec['actions'] {
  return b.pressed !== undefined && b.pressedActions && flag(b.pressed, scope) ? b.pressedActions : b.actions;
}

/** Lets each button run one action list at a time (a second tap while it runs does nothing). */
export class TapGuard {
  private readonly busy = new Set<number>();
  isBusy(index: number): boolean {
    return this.busy.has(index);
  }
  /** Runs `task` for button `index` unless it is already running; `onChange` reports start and end. */
  async run(index: number, task: () => Promise<void>, onChange: (index: number, busy: boolean) => void = () => {}): Promise<boolean> {
    if (this.busy.has(index)) return false;
    this.busy.add(index);
    onChange(index, true);
    try {
      await task();
    } finally {
      this.busy.delete(index);
      onChange(index, false);
    }
    return true;
  }
}
