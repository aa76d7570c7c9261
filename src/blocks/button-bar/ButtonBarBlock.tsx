import { useRef, useState } from 'react';
import type { BlockProps } from '../../runtime/block-api';
import { actionsOf, resolveButton, TapGuard } from './buttons';
import type { ButtonBarProps } from './props.gen';
import './button-bar.css';

/** Buttons that run their actions; a button is disabled while its actions run; a toggle shows and runs its pressed side when on. */
export default function ButtonBarBlock({ props, scope, run }: BlockProps<ButtonBarProps>) {
  const guard = useRef(new TapGuard());
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const layout = props.layout ?? 'row';

  const mark = (index: number, on: boolean) =>
    setBusy((s) => {
      const next = new Set(s);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
  const tap = (index: number) => {
    const spec = props.buttons[index];
    const actions = spec && actionsOf(spec, scope);
    if (actions) void guard.current.run(index, () => run(actions), mark);
  };

  const bar = (
    <div className={`button-bar button-bar-${layout}`} data-testid="button-bar">
      {props.buttons.map((spec, i) => {
        const b = resolveButton(spec, scope);
        const isBusy = busy.has(i);
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: buttons come in config order.
            key={i}
            type="button"
            className={`bb-button bb-${b.variant}${b.pressed ? ' bb-pressed' : ''}`}
            disabled={b.disabled || isBusy}
            aria-busy={isBusy || undefined}
            aria-pressed={b.pressed}
            onClick={() => tap(i)}
          >
            {b.icon ? <img src={b.icon} alt="" aria-hidden="true" /> : null}
            {b.text}
          </button>
        );
      })}
    </div>
  );
  // fixed-bottom keeps a spacer in the flow so the page's last content is not hidden under the bar.
  return layout === 'fixed-bottom' ? <div className="button-bar-spacer">{bar}</div> : bar;
}
