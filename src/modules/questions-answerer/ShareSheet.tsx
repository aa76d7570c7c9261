/** 分享求助: question.consult_create gives the share page's path; copy its link or open it. */
import { useEffect, useState } from 'react';
import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';
import type { Env } from '../../runtime/block-api';
import { BottomSheet } from '../shared/bottom-sheet/BottomSheet';

const t = questionAnswerer;

export function ShareSheet({ env, questionId, onClose }: { env: Env; questionId: number; onClose: () => void }) {
  const [path, setPath] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    void env.call('question.consult_create', { relation_id: questionId }).then((r) => {
      if (!live) return;
      if (r.status === 0 && r.data) setPath(r.data.share_path || `/question/share/${r.data.id}`);
      else setError(r.msg);
    });
    return () => {
      live = false;
    };
  }, [env, questionId]);
  const link = path ? `${globalThis.location?.origin ?? ''}${path}` : '';
  return (
    <BottomSheet title={t.shareTitle} closeLabel={questionAnswerer.close} onClose={onClose} className="qa-sheet">
      {error ? (
        <p className="qa-sheet-error">{error}</p>
      ) : (
        <>
          <p className="qa-sheet-hint">{t.shareText}</p>
          <output className="qa-share-link" data-testid="share-link">
            {link || '…'}
          </output>
          <div className="qa-sheet-actions">
            <button type="button" className="qa-secondary" disabled={!path} onClick={() => env.navigate(path)}>
              {t.shareOpen}
            </button>
            <button
              type="button"
              className="qa-primary"
              disabled={!path}
              onClick={async () => env.toast((await env.copy(link)) ? questionAnswerer.shareCopied : questionAnswerer.shareCopyFailed)}
            >
              {t.shareCopy}
            </button>
          </div>
        </>
      )}
    </BottomSheet>
  );
}
