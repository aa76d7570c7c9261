import { resolveDeep, type Scope } from '../../runtime/block-api';
import type { ButtonSpec } from './props.gen';

export interface ResolvedButton {
  text: string;
  variant: 'primary' | 'default' | 'ghost';
  disabled: boolean;
  icon?: string;
}

function safeResolve(value: unknown, scope: Scope): unknown {
  try {
    return resolveDeep(value, scope);
  } catch {
    return undefined;
  }
}

/**
 * `buttons` is a raw prop (its actions must stay unresolved until tapped), so the block resolves
 * the display fields itself: text, icon and disabled (`true` or a truthy `${…}`).
 */
export function resolveButton(b: ButtonSpec, scope: Scope): ResolvedButton {
  const text = safeResolve(b.text, scope);
  const icon = safeResolve(b.icon, scope);
  const disabled = typeof b.disabled === 'string' ? safeResolve(b.disabled, scope) : b.disabled;
  return {
    text: text === undefined || text === null ? '' : String(text),
    variant: b.variant ?? 'primary',
    disabled: Boolean(disabled) && disabled !== 'false',
    ...(typeof icon === 'string' && icon ? { icon } : {}),
  };
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
