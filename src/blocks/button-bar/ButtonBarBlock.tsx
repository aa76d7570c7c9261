import { useRef, useState } from 'react';
import type { BlockProps } from '../../runtime/block-api';
import { resolveButton } from './buttons';
import type { ButtonBarProps } from './props.gen';
import './button-bar.css';

/** Buttons that run their actions; a button is disabled while its actions run. */
export default function ButtonBarBlock({ props, scope, run }: BlockProps<ButtonBarProps>) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const running = useRef(new Set<number>());
  const layout = props.layout ?? 'row';

  const tap = async (index: number) => {
    const actions = props.buttons[index]?.actions;
    if (!actions || running.current.has(index)) return;
    running.current.add(index);
    setBusy((s) => new Set(s).add(index));
    try {
      await run(actions);
    } finally {
      running.current.delete(index);
      setBusy((s) => {
        const next = new Set(s);
        next.delete(index);
        return next;
      });
    }
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
            className={`bb-button bb-${b.variant}`}
            disabled={b.disabled || isBusy}
            aria-busy={isBusy || undefined}
            onClick={() => void tap(i)}
          >
            {b.icon ? <img src={b.icon} alt="" aria-hidden="true" /> : null}
            {b.text}
          </button>
        );
      })}
    </div>
  );
  // fixed-bottom keeps a spacer in the flow so the page's last content is not hidden under the bar.
  return layout === 'fixed-bottom' ? (
    <div className="button-bar-spacer">{bar}</div>
  ) : (
    bar
  );
}
