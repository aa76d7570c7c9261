/** A bottom sheet over a dim backdrop (the address picker): Escape or a tap outside closes it. */
import { type ReactNode, useEffect, useId } from 'react';

export function Sheet({
  title,
  closeLabel,
  onClose,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="oc-sheet-layer">
      <button type="button" className="oc-sheet-backdrop" aria-label={closeLabel} onClick={onClose} />
      <div className="oc-sheet" role="dialog" aria-modal="true" aria-labelledby={id} data-testid="checkout-address-sheet">
        <div className="oc-sheet-head">
          <h3 id={id}>{title}</h3>
          <button type="button" className="oc-sheet-close" aria-label={closeLabel} onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="oc-sheet-body">{children}</div>
      </div>
    </div>
  );
}
