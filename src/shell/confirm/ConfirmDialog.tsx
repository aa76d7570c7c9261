import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { answerConfirm, uiState } from '../../state/ui';
import './confirm.css';

/** The app's one confirm dialog (env.confirm): a question, cancel and confirm; a tap on the backdrop cancels. */
export default function ConfirmDialog() {
  const { confirm } = useSnapshot(uiState);
  if (!confirm) return null;
  const { id, text, title } = confirm;
  return (
    <div className="confirm-backdrop" data-testid="confirm-sheet" onClick={(e) => e.target === e.currentTarget && answerConfirm(id, false)}>
      <div className="confirm-box" role="alertdialog" aria-modal="true" aria-label={title ?? text}>
        {title ? <h2 className="confirm-title">{title}</h2> : null}
        <p>{text}</p>
        <div className="confirm-buttons">
          <button type="button" data-testid="confirm-cancel" onClick={() => answerConfirm(id, false)}>
            {confirm.cancelText ?? i18n.runtime.confirmCancel}
          </button>
          <button
            type="button"
            className={confirm.danger ? 'danger' : 'primary-text'}
            data-testid="confirm-ok"
            onClick={() => answerConfirm(id, true)}
          >
            {confirm.okText ?? i18n.runtime.confirmOk}
          </button>
        </div>
      </div>
    </div>
  );
}
