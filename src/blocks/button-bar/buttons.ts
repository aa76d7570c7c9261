import { resolveDeep, type Scope } from '../../runtime/expr';
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
