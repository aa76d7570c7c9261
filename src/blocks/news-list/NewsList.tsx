import { Link } from 'react-router-dom';
import type { NewsItem } from '../../contract/genus';
import { relativeTime } from '../../format/time';
import { i18n } from '../../i18n';

export function NewsList({ items }: { items: readonly NewsItem[] }) {
  return (
    <ul className="news-list" data-testid="news-list">
      {items.map((n) => (
        <li key={n.id}>
          <Link to={`/news/detail/${n.id}`} className="news-item">
            <div className="news-text">
              <h3>{n.title}</h3>
              <p className="news-meta">
                {n.source} · {relativeTime(n.published_at)} · {i18n.home.views} {n.view_count}
              </p>
            </div>
            <img src={n.cover} alt="" width={96} height={64} loading="lazy" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
