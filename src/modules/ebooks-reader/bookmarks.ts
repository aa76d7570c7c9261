/**
 * Bookmarks: optimistic (shown at once, pending until the server has one), queued in the outbox while offline, and
 * the device's copy of the server's list kept in step so that the list shows offline too.
 */
import { CODE } from '../../contract/envelope';
import { ebookReader as t } from '../../i18n/zh-CN/ebook-reader';
import { previewAt } from '../../protocol/anchor';
import { type InputOfId, newClientId } from '../../runtime/block-api';
import { bookFraction } from './book-fraction';
import { type AnchorInput, cacheBookmarks, cachedBookmarks, enqueue, queued, type ServerBookmark, unqueue } from './offline';
import type { Mark, ReaderHost } from './reader-state';

function serverMark(b: ServerBookmark): Mark {
  return {
    key: `b${b.id}`,
    id: b.id,
    clientId: '',
    chapterId: b.ebook_chapter_id,
    chapterTitle: b.chapter_title,
    span: b.anchor_point.span,
    offset: b.anchor_point.offset,
    preview: b.anchor_point.preview,
    fraction: b.anchor_point.fraction,
    pending: false,
  };
}

const byPlace = (a: Mark, b: Mark) => a.fraction - b.fraction || a.span - b.span || a.offset - b.offset;

export class Bookmarks {
  /** Client ids of bookmarks being added (shown, not yet answered nor in the outbox): a list loaded meanwhile keeps them. */
  private readonly adding = new Set<string>();

  constructor(private readonly host: ReaderHost) {}

  /** The server's list (the device's copy offline) with the adds and removes still waiting in the outbox. */
  async load(): Promise<void> {
    const { env } = this.host;
    const { ebookId } = this.host.get();
    const res = await env.beacon('ebook.bookmark_list', { id: ebookId });
    let list: ServerBookmark[] | null = null;
    if (res.status === 0 && res.data) {
      list = res.data;
      void cacheBookmarks(env, ebookId, list);
    } else list = await cachedBookmarks(env, ebookId);
    const waiting = await queued(env, ebookId);
    if (ebookId !== this.host.get().ebookId) return;
    const removed = new Set<number>();
    const marks = (list ?? []).map(serverMark);
    for (const { item } of waiting) {
      if (item.kind === 'bookmark_remove') removed.add(Number(item.input.id));
      if (item.kind === 'bookmark_add') {
        const a = item.input.anchor_point as AnchorInput;
        marks.push({
          key: item.client_id,
          id: 0,
          clientId: item.client_id,
          chapterId: Number(item.input.ebook_chapter_id),
          chapterTitle: item.chapter_title,
          span: a.span,
          offset: a.offset,
          preview: item.preview,
          fraction: item.fraction,
          pending: true,
        });
      }
    }
    const inProgress = this.host.get().marks.filter((m) => this.adding.has(m.clientId) && !marks.some((x) => x.clientId === m.clientId));
    this.host.set({ marks: [...marks, ...inProgress].filter((m) => !removed.has(m.id)).sort(byPlace) });
  }

  /** Adds a bookmark at the current place: shown at once, pending until the server has it (offline: queued). */
  async add(): Promise<void> {
    const { content, place, ebookId, marks, detail } = this.host.get();
    if (!content || !place) return;
    const span = content.spans[place.span];
    if (!span) return;
    const client_id = newClientId();
    const anchor_point = { chapter_id: content.chapter.id, span: place.span, offset: place.offset };
    const mark: Mark = {
      key: client_id,
      id: 0,
      clientId: client_id,
      chapterId: content.chapter.id,
      chapterTitle: content.chapter.title,
      span: place.span,
      offset: place.offset,
      preview: previewAt(span.text, place.offset),
      fraction: bookFraction(detail, content, place),
      pending: true,
    };
    this.host.set({ marks: [...marks, mark].sort(byPlace) });
    this.adding.add(client_id);
    try {
      await this.send(mark, { ebook_id: ebookId, ebook_chapter_id: content.chapter.id, anchor_point, client_id });
    } finally {
      this.adding.delete(client_id);
    }
  }

  /** Sends a new bookmark; offline it waits in the outbox, shown as pending. */
  private async send(mark: Mark, input: InputOfId<'ebook.bookmark_add'>): Promise<void> {
    const { env } = this.host;
    const client_id = mark.clientId;
    const res = await env.call('ebook.bookmark_add', input);
    if (res.status === 0 && res.data) {
      const saved = serverMark(res.data);
      this.host.set({
        marks: this.host
          .get()
          .marks.filter((m) => m.key !== client_id && m.id !== saved.id)
          .concat(saved)
          .sort(byPlace),
      });
      env.toast(t.markAdded);
      void this.cache();
    } else if (res.status === -1) {
      await enqueue(env, {
        kind: 'bookmark_add',
        ebook_id: Number(input.ebook_id),
        client_id,
        input,
        chapter_title: mark.chapterTitle,
        preview: mark.preview,
        fraction: mark.fraction,
      });
      this.host.kept();
      env.toast(t.markAddedOffline);
    } else {
      this.host.set({ marks: this.host.get().marks.filter((m) => m.key !== client_id) });
      env.toast(res.msg);
    }
  }

  /** Removes a bookmark: gone from the list at once; a pending one is just taken out of the outbox. */
  async remove(mark: Mark): Promise<void> {
    const { env } = this.host;
    const { ebookId } = this.host.get();
    this.host.set({ marks: this.host.get().marks.filter((m) => m.key !== mark.key) });
    if (mark.id === 0) {
      await unqueue(env, mark.clientId);
      env.toast(t.markRemoved);
      return;
    }
    const res = await env.call('ebook.bookmark_remove', { id: mark.id });
    if (res.status === 0 || res.code === CODE.notFound) {
      env.toast(t.markRemoved);
      void this.cache();
    } else if (res.status === -1) {
      const client_id = newClientId();
      await enqueue(env, { kind: 'bookmark_remove', ebook_id: ebookId, client_id, input: { id: mark.id } });
      this.host.kept();
      env.toast(t.markRemovedOffline);
    } else {
      this.host.set({ marks: [...this.host.get().marks, mark].sort(byPlace) });
      env.toast(res.msg);
    }
  }

  /** The device's copy of the server's list follows what the server has (pending ones stay in the outbox). */
  private cache(): Promise<boolean> {
    const { ebookId, marks } = this.host.get();
    const list: ServerBookmark[] = marks
      .filter((m) => !m.pending)
      .map((m) => ({
        id: m.id,
        ebook_id: ebookId,
        ebook_chapter_id: m.chapterId,
        chapter_title: m.chapterTitle,
        anchor_point: { chapter_id: m.chapterId, span: m.span, offset: m.offset, preview: m.preview, fraction: m.fraction },
        created_at: 0,
      }));
    return cacheBookmarks(this.host.env, ebookId, list);
  }
}
