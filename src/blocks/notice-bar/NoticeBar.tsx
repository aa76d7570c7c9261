import { Link } from 'react-router-dom';
import type { Notice } from '../../contract/genus';
import { i18n } from '../../i18n';

export function NoticeBar({ notices }: { notices: readonly Notice[] }) {
  if (notices.length === 0) return null;
  return (
    <section className="notice-bar" data-testid="notice-bar">
      <span className="notice-tag">{i18n.home.notices}</span>
      <ul>
        {notices.map((n) => (
          <li key={n.id}>{n.link ? <Link to={n.link}>{n.title}</Link> : n.title}</li>
        ))}
      </ul>
    </section>
  );
}
