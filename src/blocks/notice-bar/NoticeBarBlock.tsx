import { useEffect, useState } from 'react';
import { i18n } from '../../i18n';
import { type BlockProps, isExternal, Link } from '../../runtime/block-api';
import { MARQUEE_MS, type NoticeItem, nextNotice, noticeItems } from './notices';
import './notice-bar.css';
import type { NoticeBarProps } from './props.gen';

function NoticeTitle({ item }: { item: NoticeItem }) {
  const to = item.link?.trim() ?? '';
  if (!to) return <span className="bk-notice-text">{item.title}</span>;
  if (isExternal(to)) {
    return (
      <a className="bk-notice-text" href={to}>
        {item.title}
      </a>
    );
  }
  return (
    <Link className="bk-notice-text" to={to}>
      {item.title}
    </Link>
  );
}

/** One line that shows the notices in turn, every 3 s. */
function Marquee({ items }: { items: NoticeItem[] }) {
  const [index, setIndex] = useState(0);
  const count = items.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => nextNotice(i, count)), MARQUEE_MS);
    return () => clearInterval(timer);
  }, [count]);
  const item = items[index % count];
  return (
    <div className="bk-notice-marquee" aria-live="polite">
      {item ? (
        <div key={index} className={count > 1 ? 'bk-notice-line bk-notice-enter' : 'bk-notice-line'}>
          <NoticeTitle item={item} />
        </div>
      ) : null}
    </div>
  );
}

/** Notices with a label: a list, or a one-line marquee. */
export default function NoticeBarBlock({ props }: BlockProps<NoticeBarProps>) {
  const items = noticeItems(props.items);
  if (items.length === 0) return null;
  return (
    <section className={`bk-notice bk-notice-${props.mode ?? 'list'}`} data-testid="notice-bar">
      <span className="bk-notice-label">{props.label || i18n.contentBlocks.noticeLabel}</span>
      {props.mode === 'marquee' ? (
        <Marquee items={items} />
      ) : (
        <ul className="bk-notice-list">
          {items.map((n, i) => (
            <li key={n.id ?? i} className="bk-notice-line">
              <NoticeTitle item={n} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
