import { useSnapshot } from 'valtio';
import { i18n } from '../../i18n';
import { type Env, useEnv } from '../../runtime/block-api';
import { uiState } from '../../state/ui';
import { FEEDBACK_MAX, submitFeedback, truncateFeedback } from './feedback-logic';
import { feedbackDraft } from './feedback-state';
import './feedback.css';
import { ShellPopup } from '../popup/ShellPopup';

const t = i18n.shell.feedback;

function close(): void {
  if (uiState.popup === 'feedback') uiState.popup = null;
}

async function submit(env: Env): Promise<void> {
  if (feedbackDraft.sending) return;
  feedbackDraft.sending = true;
  try {
    const outcome = await submitFeedback(feedbackDraft.text, {
      send: (input) => env.call('user.feedback', input),
      toast: env.toast,
      pageUrl: globalThis.location?.href ?? '',
      messages: {
        empty: t.empty,
        thanks: t.thanks,
        failed: i18n.network.failed,
      },
    });
    if (outcome === 'sent') {
      feedbackDraft.text = '';
      close();
    }
  } finally {
    feedbackDraft.sending = false;
  }
}

/** The feedback popup (spec §4, §5): up to 300 characters with a counter; closes and clears after a successful submit. */
export function FeedbackPopup() {
  const env = useEnv();
  const { popup } = useSnapshot(uiState);
  const draft = useSnapshot(feedbackDraft, { sync: true });
  if (popup !== 'feedback') return null;
  return (
    <ShellPopup name="feedback" title={t.title} closeLabel={t.close} className="feedback-popup" onClose={close}>
      <textarea
        className="feedback-text"
        name="feedback"
        aria-label={t.fieldLabel}
        rows={6}
        placeholder={t.placeholder}
        value={draft.text}
        onChange={(e) => {
          feedbackDraft.text = truncateFeedback(e.target.value);
        }}
      />
      <div className="feedback-counter" data-testid="feedback-counter">
        {t.counter(draft.text.length, FEEDBACK_MAX)}
      </div>
      <button type="button" className="primary feedback-submit" disabled={draft.sending} onClick={() => void submit(env)}>
        {draft.sending ? t.submitting : t.submit}
      </button>
    </ShellPopup>
  );
}
