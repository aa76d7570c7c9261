import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ebook from '../../src/contract/ebooks';
import { CODE } from '../../src/contract/envelope';
import * as uc from '../../src/contract/users-center';
import { request } from '../support/api-client';
import { countRows, expectRefused, loginAs } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let subject: { genus_id: number; category_id: number };
  let books: ebook.EbookItem[];
  let vip: TestUser;
  const paid = () => {
    const b = books.find((x) => x.is_free === 0);
    if (!b) throw new Error('no paid book');
    return b;
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    const cat = await s.services.db.kysely
      .selectFrom('categories')
      .select(['id', 'genus_id'])
      .where('name', '=', '英语四级')
      .executeTakeFirstOrThrow();
    subject = { genus_id: cat.genus_id, category_id: cat.id };
    books = (await request(s.url, ebook.ebookList, { ...subject, count: 50 })).body.data;
    const v = await loginAs(s, '13800000002');
    vip = { id: v.user.id, token: v.token, mobile: '13800000002' };
  });
  afterAll(() => s.close());

  const detail = async (id: number, u?: TestUser) =>
    (await request(s.url, ebook.ebookDetailEndpoint, { id }, { token: u?.token })).body.data;
  const chapterOf = async (id: number, chapter: number, u: TestUser) => request(s.url, ebook.content, { id, chapter }, { token: u.token });

  describe('catalogue and content', () => {
    it('lists the subject’s books, free first; the detail carries a table of contents with sizes and free chapters', async () => {
      expect(books.length).toBeGreaterThanOrEqual(1);
      const d = await detail(paid().id);
      expect(d.chapters.length).toBe(d.chapter_count);
      expect(d.chapters.reduce((n, c) => n + c.char_count, 0)).toBe(d.char_count);
      expect(d.chapters[0]).toMatchObject({ index: 1, start_fraction: 0 });
      const free = d.chapters.filter((c) => c.is_free === 1).length;
      expect(free).toBe(d.free_chapters);
      expect(d).toMatchObject({ can_access: 0, access_reason: 'login_required', record: null });
      expectRefused(await request(s.url, ebook.ebookDetailEndpoint, { id: 999999 }), 404, CODE.notFound, '999999');
    });

    it('a chapter is anchored spans with chapter, index and a 20-character preview', async () => {
      const u = await newUser(s);
      const d = await detail(paid().id, u);
      const first = d.chapters[0];
      if (!first) throw new Error('no chapter');
      const res = await chapterOf(paid().id, first.id, u);
      expect(res.body.status).toBe(0);
      const c = res.body.data;
      expect(c.chapter).toMatchObject({ id: first.id, index: 1, start_fraction: 0 });
      expect(c.spans.length).toBeGreaterThan(5);
      c.spans.forEach((sp, i) => {
        expect(sp).toMatchObject({ chapter: first.id, index: i });
        expect(sp.preview.length).toBeLessThanOrEqual(ebook.ANCHOR_PREVIEW_LENGTH);
        expect(sp.text.replace(/\s+/g, ' ').startsWith(sp.preview)).toBe(true);
      });
      expect(c.spans.reduce((n, sp) => n + sp.text.length, 0)).toBe(first.char_count);
      expect(c.prev_chapter_id).toBe(0);
      expect(c.next_chapter_id).toBe(d.chapters[1]?.id ?? 0);
      expect(c.chapter.end_fraction).toBeCloseTo((d.chapters[1]?.start_fraction ?? 1) as number, 6);
    });

    it('a non-owner gets a clear refusal for a paid chapter and never its text; a VIP of the genus reads it', async () => {
      const u = await newUser(s);
      const d = await detail(paid().id, u);
      const locked = d.chapters.find((c) => c.locked === 1);
      if (!locked) throw new Error('no locked chapter');
      const res = await chapterOf(paid().id, locked.id, u);
      expectRefused(res, 403, CODE.forbidden, '购买');
      expect(res.body.data).toBeNull();
      const asVip = await chapterOf(paid().id, locked.id, vip);
      expect(asVip.body).toMatchObject({ status: 0, data: { access_reason: 'vip' } });
      expectRefused(await request(s.url, ebook.content, { id: paid().id, chapter: locked.id }), 401, CODE.unauthorized, '登录');
      expectRefused(await chapterOf(paid().id, 999999, u), 404, CODE.notFound, '999999');
    });

    it('the free preview of a paid book ends at its free chapters: with k free, chapter k is served and k + 1 refused', async () => {
      const book = paid();
      const db = s.services.db.kysely;
      const seeded = (await db.selectFrom('ebooks').select('free_chapters').where('id', '=', book.id).executeTakeFirstOrThrow())
        .free_chapters;
      // Two free chapters, so the boundary sits between two paid-book chapters that are neither the first nor the last.
      const k = 2;
      await db.updateTable('ebooks').set({ free_chapters: k }).where('id', '=', book.id).execute();
      try {
        const u = await newUser(s);
        const d = await detail(book.id, u);
        expect(d).toMatchObject({ is_free: 0, can_access: 0, free_chapters: k });
        expect(d.chapters.length).toBeGreaterThan(k + 1);
        for (const c of d.chapters.slice(0, k)) {
          const res = await chapterOf(book.id, c.id, u);
          expect(res.body.status).toBe(0);
          expect(res.body.data.chapter.id).toBe(c.id);
          expect(res.body.data.spans.length).toBeGreaterThan(0);
        }
        const first = d.chapters[k];
        if (!first) throw new Error('no chapter after the free ones');
        expect(first.index).toBe(k + 1);
        const refused = await chapterOf(book.id, first.id, u);
        expectRefused(refused, 403, CODE.forbidden, '购买');
        expect(refused.body.data).toBeNull();
        // The table of contents says the same.
        expect(d.chapters.map((c) => c.locked)).toEqual(d.chapters.map((_, i) => (i < k ? 0 : 1)));
      } finally {
        await db.updateTable('ebooks').set({ free_chapters: seeded }).where('id', '=', book.id).execute();
      }
    });

    it('views count up', async () => {
      const a = (await request(s.url, ebook.hot, { id: paid().id })).body.data.view_count;
      expect((await request(s.url, ebook.hot, { id: paid().id })).body.data.view_count).toBe(a + 1);
    });
  });

  describe('bookmarks', () => {
    it('stores a place checked against the text, recomputes preview and fraction, lists by position, refuses bad places', async () => {
      const u = await newUser(s);
      const d = await detail(paid().id, u);
      const first = d.chapters[0];
      if (!first) throw new Error('no chapter');
      const c = (await chapterOf(paid().id, first.id, u)).body.data;
      const span = c.spans[3];
      if (!span) throw new Error('no span');
      const add = (anchor: unknown, client_id?: string) =>
        request(
          s.url,
          ebook.bookmarkAdd,
          { ebook_id: paid().id, ebook_chapter_id: first.id, anchor_point: anchor, client_id },
          { token: u.token },
        );
      const res = await add({ chapter_id: first.id, span: 3, offset: 2, preview: 'made up', fraction: 0.9 });
      expect(res.body.status).toBe(0);
      expect(res.body.data).toMatchObject({ created: 1, ebook_chapter_id: first.id, anchor_point: { span: 3, offset: 2 } });
      expect(res.body.data.anchor_point.preview).toBe(span.text.slice(2).replace(/\s+/g, ' ').trim().slice(0, 20));
      expect(res.body.data.anchor_point.fraction).toBeGreaterThan(0);
      expect(res.body.data.anchor_point.fraction).toBeLessThan(d.chapters[1]?.start_fraction ?? 1);
      // The same place again (as JSON text this time) is the same bookmark.
      const again = await add(JSON.stringify({ chapter_id: first.id, span: 3, offset: 2 }));
      expect(again.body.data).toMatchObject({ id: res.body.data.id, created: 0 });
      await add({ chapter_id: first.id, span: 1, offset: 0 });
      const list = (await request(s.url, ebook.bookmarkList, { id: paid().id }, { token: u.token })).body.data;
      expect(list.map((b) => b.anchor_point.span)).toEqual([1, 3]);
      const before = await countRows(s, 'ebook_bookmarks');
      expectRefused(await add({ chapter_id: first.id, span: 9999, offset: 0 }), 400, CODE.badInput, 'anchor_point.span');
      expectRefused(await add({ chapter_id: first.id, span: 3, offset: 99999 }), 400, CODE.badInput, 'anchor_point.offset');
      expectRefused(await add('not json'), 400, CODE.badInput, 'anchor_point');
      expectRefused(await add({ chapter_id: d.chapters[1]?.id ?? 0, span: 0, offset: 0 }), 400, CODE.badInput, 'chapter_id');
      expect(await countRows(s, 'ebook_bookmarks')).toBe(before);
    });

    it('an offline queue sending one bookmark twice stores it once (client_id)', async () => {
      const u = await newUser(s);
      const first = (await detail(paid().id, u)).chapters[0];
      const body = {
        ebook_id: paid().id,
        ebook_chapter_id: first?.id ?? 0,
        anchor_point: { chapter_id: first?.id ?? 0, span: 2, offset: 0 },
        client_id: 'bm-offline-0001',
      };
      const replies = await Promise.all([1, 2, 3].map(() => request(s.url, ebook.bookmarkAdd, body, { token: u.token })));
      expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
      expect((await request(s.url, ebook.bookmarkList, { id: paid().id }, { token: u.token })).body.data).toHaveLength(1);
    });

    it('another user’s bookmark is refused like a missing one and stays', async () => {
      const a = await newUser(s);
      const b = await newUser(s);
      const first = (await detail(paid().id, a)).chapters[0];
      const made = await request(
        s.url,
        ebook.bookmarkAdd,
        { ebook_id: paid().id, ebook_chapter_id: first?.id ?? 0, anchor_point: { chapter_id: first?.id ?? 0, span: 0, offset: 0 } },
        { token: a.token },
      );
      const id = made.body.data.id;
      const theirs = await request(s.url, ebook.bookmarkRemove, { id }, { token: b.token });
      const missing = await request(s.url, ebook.bookmarkRemove, { id: 999999 }, { token: b.token });
      expectRefused(theirs, 404, CODE.notFound, '书签');
      expect(theirs.body.msg.replace(String(id), 'N')).toBe(missing.body.msg.replace('999999', 'N'));
      expect((await request(s.url, ebook.bookmarkList, { id: paid().id }, { token: b.token })).body.data).toEqual([]);
      expect((await request(s.url, ebook.bookmarkRemove, { id }, { token: a.token })).body.data).toEqual({ id });
    });

    it('a bookmark in a paid chapter needs access', async () => {
      const u = await newUser(s);
      const locked = (await detail(paid().id, u)).chapters.find((c) => c.locked === 1);
      expectRefused(
        await request(
          s.url,
          ebook.bookmarkAdd,
          { ebook_id: paid().id, ebook_chapter_id: locked?.id ?? 0, anchor_point: { chapter_id: locked?.id ?? 0, span: 0, offset: 0 } },
          { token: u.token },
        ),
        403,
        CODE.forbidden,
        '购买',
      );
    });
  });

  describe('reading records', () => {
    it('accumulates time per book and chapter, keeps the last place, counts a client id once, ignores a late place', async () => {
      const u = await newUser(s);
      const d = await detail(paid().id, u);
      const [c1] = d.chapters;
      if (!c1) throw new Error('no chapter');
      const read = (body: Record<string, unknown>) =>
        request(s.url, ebook.read, { ebook_id: paid().id, chapter_id: c1.id, ...body }, { token: u.token });
      expect((await request(s.url, ebook.recordGet, { ebook_id: paid().id }, { token: u.token })).body.data).toBeNull();
      await read({ duration: 30, anchor_point: { chapter_id: c1.id, span: 2, offset: 0 }, at: 1000, client_id: 'read-0000001' });
      await read({ duration: 30, anchor_point: { chapter_id: c1.id, span: 2, offset: 0 }, at: 1000, client_id: 'read-0000001' });
      await read({ duration: 45, anchor_point: { chapter_id: c1.id, span: 5, offset: 1 }, at: 3000, client_id: 'read-0000002' });
      const late = await read({
        duration: 15,
        anchor_point: { chapter_id: c1.id, span: 4, offset: 0 },
        at: 2000,
        client_id: 'read-0000003',
      });
      expect(late.body.data).toMatchObject({ chapter_id: c1.id, seconds: 90, anchor_point: { span: 5, offset: 1 } });
      const rec = (await request(s.url, ebook.recordGet, { ebook_id: paid().id }, { token: u.token })).body.data;
      expect(rec).toMatchObject({ seconds: 90, anchor_point: { chapter_id: c1.id, span: 5, offset: 1 } });
      expect(
        await s.services.db.kysely
          .selectFrom('ebook_chapter_reads')
          .select('seconds')
          .where('user_id', '=', u.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({
        seconds: 90,
      });
      const own = (await request(s.url, ebook.ownList, {}, { token: u.token })).body.data;
      expect(own.map((b) => b.id)).toEqual([paid().id]);
      expect(own[0]?.record?.seconds).toBe(90);
      // The user home counts the same shelf and its reading time.
      const st = (await request(s.url, uc.userStatistics, {}, { token: u.token })).body.data;
      expect(st).toMatchObject({ ebook_count: own.length, ebook_read_seconds: 90 });
      expect((await detail(paid().id, u)).record?.anchor_point?.span).toBe(5);
    });

    it('refuses too long a report, a locked chapter and a chapter of another book, writing nothing', async () => {
      const u = await newUser(s);
      const d = await detail(paid().id, u);
      const locked = d.chapters.find((c) => c.locked === 1);
      const before = await countRows(s, 'ebook_records');
      expectRefused(
        await request(s.url, ebook.read, { ebook_id: paid().id, chapter_id: d.chapters[0]?.id ?? 0, duration: 601 }, { token: u.token }),
        400,
        CODE.badInput,
        'duration',
      );
      expectRefused(
        await request(s.url, ebook.read, { ebook_id: paid().id, chapter_id: locked?.id ?? 0, duration: 10 }, { token: u.token }),
        403,
        CODE.forbidden,
        '购买',
      );
      const other = books.find((b) => b.id !== paid().id);
      if (other) {
        expectRefused(
          await request(s.url, ebook.read, { ebook_id: other.id, chapter_id: d.chapters[0]?.id ?? 0, duration: 10 }, { token: u.token }),
          404,
          CODE.notFound,
          'chapter_id',
        );
      }
      expect(await countRows(s, 'ebook_records')).toBe(before);
    });
  });
});
