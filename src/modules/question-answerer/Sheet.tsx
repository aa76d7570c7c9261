/** A bottom sheet over a dim backdrop (答题卡, 纠错, 分享求助): Escape or a tap outside closes it. */
import { type ReactNode, useEffect, useId } from 'react';
import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';

export function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const id = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="qa-sheet-layer">
      <button type="button" className="qa-sheet-backdrop" aria-label={questionAnswerer.close} onClick={onClose} />
      <div className="qa-sheet" role="dialog" aria-modal="true" aria-labelledby={id}>
        <div className="qa-sheet-head">
          <h3 id={id}>{title}</h3>
          <button type="button" className="qa-sheet-close" aria-label={questionAnswerer.close} onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="qa-sheet-body">{children}</div>
      </div>
    </div>
  );
}
