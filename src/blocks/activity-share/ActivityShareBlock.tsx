import { useEffect, useMemo, useState } from 'react';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import type { ActivityShareProps } from './props.gen';
import { absoluteUrl, shareNow } from './share-flow';
import './activity-share.css';

const t = i18n.activityBlocks;

/** Inside WeChat: where the share entry is (the ··· menu at the top right); a tap anywhere closes it. */
export function WechatShareHint({ onClose }: { onClose: () => void }) {
  return (
    <div className="ash-hint" role="dialog" aria-modal="true" aria-label={t.shareHint} data-testid="activity-share-hint" onClick={onClose}>
      <svg className="ash-arrow" viewBox="0 0 120 120" width="96" height="96" aria-hidden="true">
        <path d="M20 110 C 30 60, 60 30, 100 18" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeDasharray="2 10" />
        <path d="M82 8 L106 16 L92 36" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="ash-hint-title">{t.shareHint}</p>
      <p className="ash-hint-text">{t.shareHintMore}</p>
      <button type="button" className="ash-hint-close" onClick={onClose}>
        {t.closeHint}
      </button>
    </div>
  );
}

/**
 * Share of an activity: sets the WeChat share card when the page is entered inside WeChat (JS-SDK), and a button
 * that shares — the hint to WeChat's menu in WeChat, the system or native share sheet where there is one, else
 * copies the link (复制成功 / 复制失败).
 */
export default function ActivityShareBlock({ props, env }: BlockProps<ActivityShareProps>) {
  const inWechat = useMemo(() => env.inWechat(), [env]);
  const [hint, setHint] = useState(false);
  const origin = globalThis.location?.origin;
  const data = {
    title: props.title,
    desc: props.desc ?? '',
    link: absoluteUrl(props.link, origin),
    image: absoluteUrl(props.image ?? '', origin),
  };
  const key = JSON.stringify(data);

  useEffect(() => {
    const d = JSON.parse(key) as typeof data;
    // Set again whenever the card changes (the data arrives in parts); nothing before it has a link and a title.
    if (!inWechat || !d.link || !d.title) return;
    void env.shareCard(d);
  }, [inWechat, key, env]);

  const ready = data.link !== '';
  return (
    <div className="activity-share" data-testid="activity-share">
      <button
        type="button"
        className="ash-button"
        disabled={!ready}
        onClick={async () => {
          if ((await shareNow(env, data, inWechat)) === 'hint') setHint(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M18 16a3 3 0 0 0-2.2 1l-7-3.6a3 3 0 0 0 0-2.8l7-3.6A3 3 0 1 0 15 5l-7 3.6a3 3 0 1 0 0 6.8L15 19a3 3 0 1 0 3-3z"
            fill="currentColor"
          />
        </svg>
        {props.buttonText || t.share}
      </button>
      {hint ? <WechatShareHint onClose={() => setHint(false)} /> : null}
    </div>
  );
}
