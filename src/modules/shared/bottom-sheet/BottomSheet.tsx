/**
 * A bottom sheet over a dim backdrop (the checkout's address picker, the answerer's 答题卡 / 纠错 / 分享求助, the order
 * detail's 申请退款): a titled dialog; Escape, the ✕ or a tap outside closes it. `className` adds the module's own
 * class to the sheet (for its content's styles), `testId` names it for tests.
 */
import { type ReactNode, useEffect, useId } from 'react';
import './bottom-sheet.css';

export function BottomSheet({
  title,
  closeLabel,
  onClose,
  className,
  testId,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="bottom-sheet-layer">
      <button type="button" className="bottom-sheet-backdrop" aria-label={closeLabel} onClick={onClose} />
      <div
        className={className ? `bottom-sheet ${className}` : 'bottom-sheet'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        data-testid={testId}
      >
        <div className="bottom-sheet-head">
          <h3 id={id}>{title}</h3>
          <button type="button" className="bottom-sheet-close" aria-label={closeLabel} onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="bottom-sheet-body">{children}</div>
      </div>
    </div>
  );
}
