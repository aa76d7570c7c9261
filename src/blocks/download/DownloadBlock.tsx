import { useMemo, useState } from 'react';
import { i18n } from '../../i18n';
import { type BlockProps, Link } from '../../runtime/block-api';
import { linksFor, platformOf } from './platform';
import type { DownloadProps } from './props.gen';
import './download.css';

/** App download entry: the store button for this platform, or inside WeChat the open-in-browser hint. */
export default function DownloadBlock({ props }: BlockProps<DownloadProps>) {
  const platform = useMemo(() => platformOf(globalThis.navigator?.userAgent), []);
  const inWechat = platform === 'wechat';
  const [hintOpen, setHintOpen] = useState(inWechat);
  const t = i18n.activityBlocks;
  const hint = props.inWechatHint || t.inWechatHint;
  const links = linksFor(platform, props.iosUrl, props.androidUrl);
  return (
    <section className="download-block" data-testid="download" data-platform={platform}>
      {props.logo ? <img className="download-logo" src={props.logo} alt="" width={88} height={88} /> : null}
      <h2 className="download-title">{props.title}</h2>
      {props.text ? <p className="download-text">{props.text}</p> : null}
      <div className="download-actions">
        {inWechat ? (
          <button type="button" className="download-button" onClick={() => setHintOpen(true)}>
            {t.downloadNow}
          </button>
        ) : links.length > 0 ? (
          links.map((l) => (
            <a key={l.kind} className={`download-button download-${l.kind}`} href={l.url} rel="noopener">
              {l.kind === 'ios' ? t.downloadIos : t.downloadAndroid}
            </a>
          ))
        ) : (
          // No store address for this system (not set on the server): the web app instead of a dead link.
          <>
            <p className="download-soon">{t.downloadSoon}</p>
            <Link className="download-button download-web" to="/">
              {t.useWebVersion}
            </Link>
          </>
        )}
      </div>
      {inWechat && hintOpen ? (
        <div className="download-hint" role="dialog" aria-label={hint} onClick={() => setHintOpen(false)}>
          <span className="download-hint-arrow" aria-hidden="true" />
          <p>{hint}</p>
          <button type="button">{t.closeHint}</button>
        </div>
      ) : null}
    </section>
  );
}
