import { useEffect } from 'react';
import Markdown from 'react-markdown';
import { useNavigate, useParams } from 'react-router-dom';
import { call } from '../../api';
import { newsDetailEndpoint, newsView } from '../../contract/genus';
import { relativeTime } from '../../format/time';
import { i18n } from '../../i18n';
import { useCall } from '../../runtime/use-call';

/** `/news/detail/:newsId`: the article body (Markdown; raw HTML is not rendered). */
export default function NewsDetail() {
  const { newsId } = useParams();
  const navigate = useNavigate();
  const id = newsId && /^\d+$/.test(newsId) ? Number(newsId) : null;
  const input = id === null ? null : { id };
  const detail = useCall(newsDetailEndpoint, input);
  useEffect(() => {
    if (id !== null) void call(newsView, { id });
  }, [id]);
  return (
    <main className="page news-detail">
      <button type="button" className="link-button back" onClick={() => navigate(-1)}>
        ‹ {i18n.news.back}
      </button>
      {detail.error || !input ? <p className="error-text">{detail.error || i18n.news.notFound}</p> : null}
      {detail.data ? (
        <article>
          <h1>{detail.data.title}</h1>
          <p className="news-meta">
            {i18n.news.source} {detail.data.source} · {detail.data.author} · {relativeTime(detail.data.published_at)} · {i18n.home.views}{' '}
            {detail.data.view_count}
          </p>
          <div className="article-body">
            <Markdown skipHtml>{detail.data.content}</Markdown>
          </div>
        </article>
      ) : null}
    </main>
  );
}
