/** 纠错: one of the fixed reasons and an optional note (≤ 200 characters) → question.report; thanks on success. */
import { useState } from 'react';
import { REPORT_REASONS } from '../../contract/questions-practice';
import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';
import type { Env } from '../../runtime/block-api';
import { BottomSheet } from '../shared/bottom-sheet/BottomSheet';

const t = questionAnswerer;
type Reason = (typeof REPORT_REASONS)[number];

export async function sendFault(env: Env, questionId: number, reason: Reason, detail: string): Promise<boolean> {
  const r = await env.call('question.report', { question_id: questionId, reason, detail: detail.trim().slice(0, 200) });
  env.toast(r.status === 0 ? t.reportThanks : r.msg);
  return r.status === 0;
}

export function FaultSheet({ env, questionId, onClose }: { env: Env; questionId: number; onClose: () => void }) {
  const [reason, setReason] = useState<Reason | null>(null);
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason) return env.toast(t.reportPickReason);
    setBusy(true);
    const ok = await sendFault(env, questionId, reason, detail);
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <BottomSheet title={t.reportTitle} closeLabel={questionAnswerer.close} onClose={onClose} className="qa-sheet">
      <fieldset className="qa-reasons">
        <legend className="qa-sheet-hint">{t.reportHint}</legend>
        {REPORT_REASONS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={reason === r}
            className={`qa-reason${reason === r ? ' is-on' : ''}`}
            onClick={() => setReason(r)}
          >
            {t.reasons[r]}
          </button>
        ))}
      </fieldset>
      <label className="qa-detail">
        <span className="sr-only">{t.reportDetail}</span>
        <textarea value={detail} maxLength={200} rows={3} placeholder={t.reportDetail} onChange={(e) => setDetail(e.target.value)} />
        <span className="qa-detail-count">{detail.length}/200</span>
      </label>
      <button type="button" className="qa-primary qa-wide" onClick={submit} disabled={busy || !reason}>
        {t.reportSubmit}
      </button>
    </BottomSheet>
  );
}
