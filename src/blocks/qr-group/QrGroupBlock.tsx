import { QRCodeSVG } from 'qrcode.react';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import type { QrGroupProps } from './props.gen';
import './qr-group.css';

/** Group or contact QR codes with captions; an item with copyText gets a 复制 button. */
export default function QrGroupBlock({ props, run }: BlockProps<QrGroupProps>) {
  const size = props.size ?? 160;
  const t = i18n.activityBlocks;
  return (
    <section className={`qr-group qr-group-${props.layout ?? 'row'}`} data-testid="qr-group">
      <ul>
        {props.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items come in config order.
          <li key={i} className="qr-item">
            {item.image ? (
              <img className="qr-code" src={item.image} alt={item.title || t.qrAlt} width={size} height={size} />
            ) : item.value ? (
              <QRCodeSVG className="qr-code" value={item.value} size={size} marginSize={2} title={item.title || t.qrAlt} />
            ) : null}
            {item.title ? <h2 className="qr-title">{item.title}</h2> : null}
            {item.caption ? <p className="qr-caption">{item.caption}</p> : null}
            {item.copyText ? (
              <p className="qr-copy">
                <span>{item.copyText}</span>
                <button type="button" onClick={() => void run({ action: 'copy', text: item.copyText ?? '' })}>
                  {t.copy}
                </button>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {props.hint ? <p className="qr-hint">{props.hint}</p> : null}
    </section>
  );
}
