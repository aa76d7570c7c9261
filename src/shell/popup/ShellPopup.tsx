import type { MouseEvent, ReactNode } from 'react';
import './popup.css';

export interface ShellPopupProps {
  /** data-testid prefix: `<name>-popup`, `<name>-backdrop`. */
  name: string;
  title: string;
  closeLabel: string;
  className?: string;
  onClose(): void;
  children: ReactNode;
}

/** A bottom-sheet dialog of the shell; the × and a tap on the backdrop close it. */
export function ShellPopup({ name, title, closeLabel, className, onClose, children }: ShellPopupProps) {
  const onBackdrop = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget) onClose();
  };
  return (
    <div className="shell-popup-backdrop" data-testid={`${name}-backdrop`} onClick={onBackdrop}>
      <div className={`shell-popup ${className ?? ''}`} role="dialog" aria-modal="true" aria-label={title} data-testid={`${name}-popup`}>
        <div className="shell-popup-head">
          <h2>{title}</h2>
          <button type="button" className="shell-popup-close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
