import { useEffect, useRef, useState } from 'react';
import type { CatalogVideo } from '../../contract/courses';
import { clock } from '../../format/course';
import type { BlockProps, Env, OutputOfId, PageApi } from '../../runtime/block-api';
import { ClockIcon, LockIcon, NowPlayingIcon, PlayCircleIcon } from '../../runtime/icons';
import type { CourseCatalogProps } from './props.gen';
import './course-catalog.css';
import { courseCatalog } from '../../i18n/zh-CN/course-catalog';

const t = courseCatalog;

type Catalog = OutputOfId<'course.catalog'>;

/** After the played video changes, the marks are read again once the last progress report has had time to land. */
const RELOAD_DELAY_MS = 800;

function toId(v: unknown): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** The user's mark of a video: 已学完, 已学 N% (never 100 before it is finished), or none. */
export function videoMark(v: Pick<CatalogVideo, 'is_finish' | 'furthest' | 'position' | 'duration'>): { text: string; done: boolean } {
  if (v.is_finish === 1) return { text: t.finished, done: true };
  const seen = Math.max(v.furthest, v.position);
  const percent = v.duration > 0 ? Math.min(99, Math.floor((seen / v.duration) * 100)) : 0;
  return percent > 0 ? { text: t.watched(percent), done: false } : { text: '', done: false };
}

/** Lesson count and total time of the catalogue. */
export function summary(c: Pick<Catalog, 'chapters'>): string {
  const videos = c.chapters.flatMap((ch) => ch.videos);
  return t.summary(videos.length, clock(videos.reduce((s, v) => s + v.duration, 0)));
}

/**
 * A tap on a video: the page's `videoId` becomes it (the player switches); a locked one also tells the user that buying
 * opens it (the player then shows its lock and 购买课程).
 */
export function pickVideo(env: Env, page: Pick<PageApi, 'setState'>, v: Pick<CatalogVideo, 'id' | 'locked'>): void {
  if (v.locked === 1) env.toast(t.buyHint);
  page.setState('videoId', v.id);
}

/** A video's progress as the player's last report left it (`state.videoProgress`). */
export type LiveVideoProgress = Pick<CatalogVideo, 'position' | 'furthest' | 'is_finish'> & { video_id: number };

/** The catalogue with the player's latest report applied to its video, so the mark moves while the lesson plays. */
export function withLiveProgress(catalog: Catalog, live: unknown): Catalog {
  const p = live as Partial<LiveVideoProgress> | null | undefined;
  if (!p || typeof p.video_id !== 'number') return catalog;
  const apply = (v: CatalogVideo): CatalogVideo =>
    v.id === p.video_id
      ? {
          ...v,
          position: p.position ?? v.position,
          furthest: Math.max(v.furthest, p.furthest ?? 0),
          is_finish: v.is_finish === 1 || p.is_finish === 1 ? 1 : 0,
        }
      : v;
  return { ...catalog, chapters: catalog.chapters.map((ch) => ({ ...ch, videos: ch.videos.map(apply) })) };
}

export interface CatalogViewProps {
  catalog: Catalog;
  currentId: number;
  title?: string;
  onPick(v: CatalogVideo): void;
}

export function CatalogView({ catalog, currentId, title, onPick }: CatalogViewProps) {
  const showPreview = catalog.can_access !== 1;
  let n = 0;
  return (
    <section className="course-catalog" data-testid="course-catalog">
      <header className="ccat-head">
        <h2>{title || t.title}</h2>
        <span>{summary(catalog)}</span>
      </header>
      {catalog.chapters.length === 0 ? <p className="ccat-note">{t.empty}</p> : null}
      {catalog.chapters.map((ch) => (
        <div key={ch.id} className="ccat-chapter">
          <h3 className="ccat-chapter-title">{ch.title}</h3>
          <ol className="ccat-videos">
            {ch.videos.map((v) => {
              n += 1;
              const current = v.id === currentId;
              const mark = videoMark(v);
              const cls = ['ccat-video', current ? 'is-current' : '', v.locked === 1 ? 'is-locked' : ''].filter(Boolean).join(' ');
              return (
                <li key={v.id}>
                  <button
                    type="button"
                    className={cls}
                    data-testid="catalog-video"
                    data-id={v.id}
                    data-locked={v.locked === 1 || undefined}
                    aria-current={current || undefined}
                    onClick={() => onPick(v)}
                  >
                    <span className="ccat-index">{current ? <NowPlayingIcon /> : String(n).padStart(2, '0')}</span>
                    <span className="ccat-main">
                      <span className="ccat-title">{v.title}</span>
                      <span className="ccat-meta">
                        <ClockIcon size={12} strokeWidth={2} />
                        {clock(v.duration)}
                        {showPreview && v.is_free === 1 ? <span className="ccat-preview">{t.preview}</span> : null}
                        {mark.text ? <span className={mark.done ? 'ccat-mark ccat-done' : 'ccat-mark'}>{mark.text}</span> : null}
                      </span>
                    </span>
                    <span className="ccat-side">
                      {v.locked === 1 ? (
                        <span className="ccat-lock" role="img" aria-label={t.locked}>
                          <LockIcon />
                        </span>
                      ) : current ? (
                        <span className="ccat-current">{t.current}</span>
                      ) : (
                        <PlayCircleIcon />
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </section>
  );
}

/** `/course/detail/:courseId`'s catalogue: reads course.catalog, highlights `currentId`, a tap sets the page's videoId. */
export default function CourseCatalog({ props, env, page, scope }: BlockProps<CourseCatalogProps>) {
  const courseId = toId(props.courseId);
  const currentId = toId(props.currentId);
  const hasLogin = (scope.auth as { hasLogin?: boolean } | undefined)?.hasLogin === true;
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [marks, setMarks] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a login (per-user locks and marks), 重试 and a video switch (marks) read it again.
  useEffect(() => {
    if (!courseId) return;
    let live = true;
    setError('');
    void env.call('course.catalog', { id: courseId }).then((res) => {
      if (!live) return;
      if (res.status === 0 && res.data) setCatalog(res.data);
      else setError(res.msg || t.loadFailed);
    });
    return () => {
      live = false;
    };
  }, [env, courseId, hasLogin, attempt, marks]);

  // A switch from one video to another (not the player's first choice): read the marks again a moment later.
  const previous = useRef(currentId);
  useEffect(() => {
    const before = previous.current;
    previous.current = currentId;
    if (!before || before === currentId) return;
    const timer = setTimeout(() => setMarks((m) => m + 1), RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [currentId]);

  if (error && !catalog) {
    return (
      <section className="course-catalog ccat-error" data-testid="course-catalog">
        <p className="ccat-note">{error}</p>
        <button type="button" className="ccat-retry" onClick={() => setAttempt((a) => a + 1)}>
          {t.retry}
        </button>
      </section>
    );
  }
  if (!catalog) {
    return (
      <section className="course-catalog ccat-loading" aria-busy="true">
        <div className="ccat-sk ccat-sk-head" />
        <div className="ccat-sk" />
        <div className="ccat-sk" />
        <div className="ccat-sk" />
      </section>
    );
  }
  return (
    <CatalogView
      catalog={withLiveProgress(catalog, props.liveProgress)}
      currentId={currentId}
      title={props.title}
      onPick={(v) => {
        pickVideo(env, page, v);
        if (props.scrollToTop !== false && typeof window !== 'undefined') window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    />
  );
}
