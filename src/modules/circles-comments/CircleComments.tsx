import { type FormEvent, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import { CIRCLE_RULES, type CircleComment, type CircleReply } from '../../contract/circles';
import { relativeTime } from '../../format/time';
import { type BlockProps, useCurrentPath } from '../../runtime/block-api';
import {
  addedReply,
  idOf,
  loginPath,
  mergeById,
  PAGE_SIZE,
  pathWithQuery,
  post,
  REPLY_PAGE_SIZE,
  type ReplyTarget,
  unfoldLabel,
  withReplies,
} from './comments';
import type { CircleCommentsProps } from './props.gen';
import './circle-comments.css';
import { circleComments } from '../../i18n/zh-CN/circle-comments';

const t = circleComments;
const AVATAR_COLORS = ['#2f7cf6', '#16a085', '#e67e22', '#8e44ad', '#e74c3c', '#0fb9b1', '#3867d6', '#d4a017'];

function Avatar({ name, src, small }: { name: string; src: string; small?: boolean }) {
  const cls = small ? 'cc-avatar cc-avatar-sm' : 'cc-avatar';
  if (src) return <img className={cls} src={src} alt="" loading="lazy" />;
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return (
    <span className={cls} style={{ background: AVATAR_COLORS[h % AVATAR_COLORS.length] }} aria-hidden="true">
      {[...name][0] ?? '?'}
    </span>
  );
}

/** One comment with its replies (folded after the first ones: `unfoldText` labels the button, null hides it). */
export function CommentItem(p: {
  c: CircleComment;
  unfoldText: string | null;
  unfolding: boolean;
  isNew: boolean;
  itemRef?: Ref<HTMLLIElement>;
  onAnswer(target: ReplyTarget): void;
  onUnfold(): void;
}) {
  const { c } = p;
  return (
    <li className={`cc-item${p.isNew ? ' cc-new' : ''}`} data-testid="circle-comment" data-id={c.id} ref={p.itemRef}>
      <Avatar name={c.nickname} src={c.avatar} />
      <div className="cc-main">
        <div className="cc-name">{c.nickname}</div>
        <p className="cc-content">{c.content}</p>
        <div className="cc-meta">
          <span>{relativeTime(c.created_at)}</span>
          <button type="button" className="cc-reply-btn" onClick={() => p.onAnswer({ commentId: c.id, name: c.nickname })}>
            {t.reply}
          </button>
        </div>
        {c.replies.length > 0 || p.unfoldText ? (
          <div className="cc-replies">
            {c.replies.map((r) => (
              <div key={r.id} className="cc-reply" data-testid="circle-reply">
                <Avatar name={r.nickname} src={r.avatar} small />
                <div className="cc-main">
                  <div className="cc-name">
                    {r.nickname}
                    {r.reply_to_nickname ? (
                      <>
                        <span className="cc-arrow" aria-hidden="true">
                          ▸
                        </span>
                        <span className="cc-to">{r.reply_to_nickname}</span>
                      </>
                    ) : null}
                  </div>
                  <p className="cc-content">{r.content}</p>
                  <div className="cc-meta">
                    <span>{relativeTime(r.created_at)}</span>
                    <button
                      type="button"
                      className="cc-reply-btn"
                      onClick={() => p.onAnswer({ commentId: c.id, replyId: r.id, name: r.nickname })}
                    >
                      {t.reply}
                    </button>
                  </div>
                </div>
              </div>
            ))}
            {p.unfoldText ? (
              <button type="button" className="cc-unfold" data-testid="circle-unfold" disabled={p.unfolding} onClick={p.onUnfold}>
                {p.unfoldText}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

interface ListState {
  items: CircleComment[];
  loading: boolean;
  /** Every comment is loaded. */
  done: boolean;
  error: string;
}

const EMPTY: ListState = { items: [], loading: true, done: false, error: '' };

/** The comments of a short video with their replies, and the comment box (`/video/detail`). */
export default function CircleComments({ props, env, scope }: BlockProps<CircleCommentsProps>) {
  const videoId = idOf(props.videoId);
  const hasLogin = (scope.auth as { hasLogin?: boolean } | undefined)?.hasLogin === true;
  const path = useCurrentPath();
  const returnPath = props.returnPath || pathWithQuery(path, scope.query);
  const [list, setList] = useState<ListState>(EMPTY);
  const [count, setCount] = useState<number | null>(null);
  /** Replies loaded from the server per comment (its preview first), so the next page starts after them. */
  const [unfolded, setUnfolded] = useState<Record<number, number>>({});
  const [loadingReplies, setLoadingReplies] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const [sending, setSending] = useState(false);
  const [posted, setPosted] = useState<number | null>(null);
  const generation = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const postedRef = useRef<HTMLLIElement>(null);

  const loadPage = useCallback(
    async (offset: number) => {
      if (videoId === null) return;
      const gen = generation.current;
      setList((l) => ({ ...l, loading: true, error: '' }));
      const res = await env.call('circle.comment_list', { video_id: videoId, offset, count: PAGE_SIZE });
      if (gen !== generation.current) return;
      if (res.status !== 0 || !res.data) {
        setList((l) => ({ ...l, loading: false, error: res.msg || t.loadFailed }));
        return;
      }
      const page = res.data;
      setList((l) => ({ items: mergeById(offset === 0 ? [] : l.items, page), loading: false, done: page.length < PAGE_SIZE, error: '' }));
    },
    [env, videoId],
  );

  // A new video (the page moved to the next one) starts from its first page.
  useEffect(() => {
    generation.current += 1;
    setList(EMPTY);
    setCount(null);
    setUnfolded({});
    setTarget(null);
    setPosted(null);
    void loadPage(0);
  }, [loadPage]);

  useEffect(() => {
    if (posted !== null) postedRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [posted]);

  const unfold = async (c: CircleComment) => {
    if (loadingReplies !== null) return;
    const offset = unfolded[c.id] ?? Math.min(c.replies.length, CIRCLE_RULES.repliesPreview);
    setLoadingReplies(c.id);
    const res = await env.call('circle.reply_list', { comment_id: c.id, offset, count: REPLY_PAGE_SIZE });
    setLoadingReplies(null);
    if (res.status !== 0 || !res.data) {
      env.toast(res.msg || t.loadFailed);
      return;
    }
    const more: CircleReply[] = res.data;
    setUnfolded((u) => ({ ...u, [c.id]: offset + more.length }));
    setList((l) => ({ ...l, items: withReplies(l.items, c.id, more) }));
  };

  const answer = (next: ReplyTarget) => {
    if (!hasLogin) {
      env.navigate(loginPath(returnPath));
      return;
    }
    setTarget(next);
    input.current?.focus();
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sending || videoId === null) return;
    setSending(true);
    const r = await post(env, { videoId, text, target, hasLogin, returnPath });
    setSending(false);
    if (r.kind === 'comment') {
      setList((l) => ({ ...l, items: mergeById([r.comment], l.items) }));
      setCount(r.count);
      setPosted(r.comment.id);
    } else if (r.kind === 'reply') {
      setList((l) => ({ ...l, items: addedReply(l.items, r.reply, r.replyCount) }));
      setUnfolded((u) => {
        const loaded = u[r.reply.comment_id];
        return loaded === undefined ? u : { ...u, [r.reply.comment_id]: loaded + 1 };
      });
    }
    if (r.kind === 'comment' || r.kind === 'reply') {
      setText('');
      setTarget(null);
    }
  };

  if (videoId === null) return null;
  const shown = count ?? idOf(props.count);
  const title = props.title || t.title;

  return (
    <section className="circle-comments" data-testid="circle-comments">
      <h2 className="cc-title">
        {title}
        {shown !== null ? <span className="cc-count">{shown}</span> : null}
      </h2>
      <ul className="cc-list">
        {list.items.map((c) => (
          <CommentItem
            key={c.id}
            c={c}
            unfoldText={loadingReplies === c.id ? t.repliesLoading : unfoldLabel(c, unfolded[c.id] !== undefined)}
            unfolding={loadingReplies !== null}
            isNew={posted === c.id}
            itemRef={posted === c.id ? postedRef : undefined}
            onAnswer={answer}
            onUnfold={() => void unfold(c)}
          />
        ))}
      </ul>
      {list.error ? (
        <div className="cc-state">
          {list.error}
          <button type="button" className="cc-link" onClick={() => void loadPage(list.items.length)}>
            {t.retry}
          </button>
        </div>
      ) : list.loading ? (
        <div className="cc-state">{t.loading}</div>
      ) : list.items.length === 0 ? (
        <div className="cc-state cc-empty">{t.empty}</div>
      ) : list.done ? (
        <div className="cc-state">{t.allLoaded}</div>
      ) : (
        <button type="button" className="cc-more" data-testid="circle-comments-more" onClick={() => void loadPage(list.items.length)}>
          {t.more}
        </button>
      )}
      <div className="cc-bottom-spacer" />
      <form className="cc-box" onSubmit={(e) => void submit(e)} data-testid="circle-comment-box">
        {hasLogin ? (
          <>
            {target ? (
              <div className="cc-target">
                <span>{t.replyTo(target.name)}</span>
                <button type="button" className="cc-cancel" aria-label={t.cancelReply} onClick={() => setTarget(null)}>
                  ×
                </button>
              </div>
            ) : null}
            <div className="cc-row">
              <input
                ref={input}
                className="cc-input"
                type="text"
                enterKeyHint="send"
                aria-label={t.inputLabel}
                placeholder={target ? t.replyTo(target.name) : t.placeholder}
                maxLength={CIRCLE_RULES.maxContent}
                value={text}
                onChange={(e) => setText(e.target.value)}
                data-testid="circle-comment-input"
              />
              {text.length > CIRCLE_RULES.maxContent - 30 ? (
                <span className="cc-counter">{t.counter(text.length, CIRCLE_RULES.maxContent)}</span>
              ) : null}
              <button type="submit" className="cc-send" disabled={sending || text.trim() === ''} data-testid="circle-comment-send">
                {sending ? t.sending : t.send}
              </button>
            </div>
          </>
        ) : (
          <button
            type="button"
            className="cc-input cc-login"
            onClick={() => env.navigate(loginPath(returnPath))}
            data-testid="circle-comment-login"
          >
            {t.loginPlaceholder}
          </button>
        )}
      </form>
    </section>
  );
}
