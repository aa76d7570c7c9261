/** A message in place of the chapter (the book failed, the chapter is locked or failed) with its buttons. */
import type { ReactNode } from 'react';

export interface PanelAction {
  label: string;
  onClick(): void;
  primary?: boolean;
  testId?: string;
}

export function StatePanel({
  icon,
  title,
  text,
  actions,
  testId,
}: {
  icon: ReactNode;
  title?: string;
  text: string;
  actions: PanelAction[];
  testId?: string;
}) {
  return (
    <div className="er-state" data-testid={testId}>
      <span className="er-state-icon">{icon}</span>
      {title ? <h2 className="er-state-title">{title}</h2> : null}
      <p className="er-state-text">{text}</p>
      <div className="er-state-actions">
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className={a.primary ? 'er-btn er-btn-primary' : 'er-btn'}
            data-testid={a.testId}
            onClick={(e) => {
              e.stopPropagation();
              a.onClick();
            }}
          >
            {a.label}
          </button>
        ))}
      </div>
    </div>
  );
}
