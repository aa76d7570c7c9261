import { charCount } from '../../format/ebook';
import { i18n } from '../../i18n';
import { type BlockProps, type Env, Link, type OutputOfId } from '../../runtime/block-api';
import { ChevronIcon, LockIcon } from '../../runtime/icons';
import type { EbookTocProps } from './props.gen';
import './ebook-toc.css';

const t = i18n.ebook;

type Detail = OutputOfId<'ebook.detail'>;
type Chapter = Detail['chapters'][number];

/** What the reader opens for a chapter row. */
export function chapterHref(ebookId: number, chapterId: number): string {
  return `/ebook/read/${ebookId}?chapter=${chapterId}`;
}

/** The marks of one row: 免费 (a free chapter of a paid book, shown while the user cannot read the whole book), locked, 在读. */
export function rowMarks(detail: Pick<Detail, 'is_free' | 'can_access' | 'record'>, ch: Pick<Chapter, 'id' | 'is_free' | 'locked'>) {
  return {
    free: ch.is_free === 1 && detail.is_free !== 1 && detail.can_access !== 1,
    locked: ch.locked === 1,
    reading: detail.record?.chapter_id === ch.id,
  };
}

/** A tap on a locked chapter: the user stays on the page (where 购买 is) and is told that buying opens it. */
export function tapLocked(env: Pick<Env, 'toast'>): void {
  env.toast(t.lockedHint);
}

/** The heading's line: 共 N 章 · length. */
export function tocSummary(detail: Pick<Detail, 'chapters' | 'char_count'>): string {
  const chars = detail.char_count || detail.chapters.reduce((s, c) => s + c.char_count, 0);
  return t.tocSummary(detail.chapters.length, charCount(chars));
}

function Row({ detail, ch, env }: { detail: Detail; ch: Chapter; env: Env }) {
  const marks = rowMarks(detail, ch);
  const cls = ['etoc-row', marks.locked ? 'is-locked' : '', marks.reading ? 'is-reading' : ''].filter(Boolean).join(' ');
  const body = (
    <>
      <span className="etoc-index">{String(ch.index).padStart(2, '0')}</span>
      <span className="etoc-main">
        <span className="etoc-title">{ch.title}</span>
        <span className="etoc-meta">
          {charCount(ch.char_count)}
          {marks.free ? <span className="etoc-free">{t.free}</span> : null}
          {marks.reading ? <span className="etoc-reading">{t.reading}</span> : null}
        </span>
      </span>
      <span className="etoc-side">
        {marks.locked ? (
          <span className="etoc-lock" role="img" aria-label={t.locked}>
            <LockIcon />
          </span>
        ) : (
          <ChevronIcon />
        )}
      </span>
    </>
  );
  const data = {
    'data-testid': 'ebook-toc-row',
    'data-id': ch.id,
    'data-locked': marks.locked || undefined,
    'data-free': marks.free || undefined,
  };
  return marks.locked ? (
    <button type="button" className={cls} {...data} onClick={() => tapLocked(env)}>
      {body}
    </button>
  ) : (
    <Link className={cls} to={chapterHref(detail.id, ch.id)} {...data}>
      {body}
    </Link>
  );
}

export function TocView({ detail, title, env }: { detail: Detail; title?: string; env: Env }) {
  return (
    <section className="ebook-toc" data-testid="ebook-toc">
      <header className="etoc-head">
        <h2>{title || t.tocTitle}</h2>
        <span>{tocSummary(detail)}</span>
      </header>
      {detail.chapters.length === 0 ? <p className="etoc-note">{t.empty}</p> : null}
      <ol className="etoc-list">
        {detail.chapters.map((ch) => (
          <li key={ch.id}>
            <Row detail={detail} ch={ch} env={env} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** `/ebook/detail/:ebookId`'s table of contents, from the page's ebook.detail source (no request of its own). */
export default function EbookToc({ props, page, env }: BlockProps<EbookTocProps>) {
  const source = page.source(props.source || 'detail');
  const detail = source?.data as Detail | undefined;
  if (!detail || !Array.isArray(detail.chapters)) {
    if (!source?.loading) return null;
    return (
      <section className="ebook-toc etoc-loading" aria-busy="true" aria-label={t.loading}>
        <div className="etoc-sk etoc-sk-head" />
        <div className="etoc-sk" />
        <div className="etoc-sk" />
        <div className="etoc-sk" />
      </section>
    );
  }
  return <TocView detail={detail} title={props.title} env={env} />;
}
