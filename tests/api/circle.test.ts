import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as circle from '../../src/contract/circles';
import * as politics from '../../src/contract/circles-politics';
import { CODE } from '../../src/contract/envelope';
import { request } from '../support/api-client';
import { countRows, expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

const SIGNED_HLS = /^\/vod\/sample\/lesson-[ab]\/index\.m3u8\?t=[0-9a-f]+&us=[^&]+&sign=[0-9a-f]{32}$/;

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let circles: { id: number; key: string }[];
  const circleId = (key: string) => {
    const c = circles.find((x) => x.key === key);
    if (!c) throw new Error(`circle ${key} missing`);
    return c.id;
  };
  beforeAll(async () => {
    s = await startTestServer(kind);
    circles = await s.services.db.kysely.selectFrom('circles').select(['id', 'key']).orderBy('sort').execute();
  });
  afterAll(() => s.close());

  const list = async (input: Record<string, unknown>) => (await request(s.url, circle.shortVideoList, input)).body.data;
  const detail = async (id: number) => (await request(s.url, circle.shortVideoDetail_, { id })).body.data;
  const comments = async (videoId: number, more: Record<string, unknown> = {}) =>
    (await request(s.url, circle.commentList, { video_id: videoId, ...more })).body.data;
  const postComment = (u: TestUser | undefined, input: Record<string, unknown>) =>
    request(s.url, circle.commentAdd, input, { token: u?.token });
  const postReply = (u: TestUser | undefined, input: Record<string, unknown>) =>
    request(s.url, circle.replyAdd, input, { token: u?.token });
  /** The words circle's newest video without seeded comments (tests that count comments start from zero there). */
  const quietVideo = async (skip = 0) => {
    const all = await list({ circle_id: circleId('cet-words'), count: 50 });
    const v = all.filter((x) => x.comment_count === 0)[skip];
    if (!v) throw new Error('no video without comments');
    return v;
  };
  const writes = async () => ({
    comments: await countRows(s, 'short_video_comments'),
    replies: await countRows(s, 'short_video_replies'),
    counters: await s.services.db.kysely.selectFrom('short_videos').select(['id', 'comment_count']).orderBy('id').execute(),
    replyCounters: await s.services.db.kysely.selectFrom('short_video_comments').select(['id', 'reply_count']).orderBy('id').execute(),
  });

  describe('circles and short videos', () => {
    it('seeds three circles with word and general videos', async () => {
      expect(circles.map((c) => c.key)).toEqual(['cet-words', 'kaoyan-politics', 'teacher-interview']);
      const words = await list({ circle_id: circleId('cet-words'), kind: 'word', count: 50 });
      expect(words.length).toBeGreaterThanOrEqual(24);
      for (const v of words) {
        expect(v.word).toMatch(/^[a-z]/);
        expect(v.phonetic).toMatch(/^\/.+\/$/);
        expect(v.meaning).toMatch(/[\u4e00-\u9fff]/);
      }
      let general = 0;
      for (const c of circles) general += (await list({ circle_id: c.id, kind: 'general', count: 50 })).length;
      expect(general).toBeGreaterThanOrEqual(6);
    });

    it('circle detail: name, intro, cover and counts; a missing or bad id is refused with a message', async () => {
      const id = circleId('cet-words');
      const res = await request(s.url, circle.circleDetail, { id });
      expect(res.body).toMatchObject({ status: 0, data: { id, name: '四六级词汇圈', cover: `/media/circle/${id}.svg` } });
      const all = await list({ circle_id: id, count: 50 });
      expect(res.body.data.video_count).toBe(all.length);
      expect(res.body.data.member_count).toBeGreaterThan(0);
      expect(res.body.data.genus_id).toBeGreaterThan(0);
      expectRefused(await request(s.url, circle.circleDetail, { id: 999999 }), 404, CODE.notFound, '圈子 id 999999 不存在');
      expectRefused(await request(s.url, circle.circleDetail, {}), 400, CODE.badInput, '缺少参数 id');
      expectRefused(await request(s.url, circle.circleDetail, { id: 'abc' }), 400, CODE.badInput, '参数 id');
      const cover = await fetch(`${s.url}/media/circle/${id}.svg`);
      expect(cover.headers.get('content-type')).toContain('image/svg+xml');
      expect(await cover.text()).toContain('四六级词汇圈');
    });

    it('lists a circle newest first and pages through it without overlap', async () => {
      const id = circleId('cet-words');
      const all = await list({ circle_id: id, count: 50 });
      expect(all.length).toBeGreaterThan(20);
      const times = all.map((v) => v.published_at);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const first = await list({ circle_id: id });
      expect(first).toHaveLength(10);
      const second = await list({ circle_id: id, offset: 10, count: 10 });
      expect([...first, ...second].map((v) => v.id)).toEqual(all.slice(0, 20).map((v) => v.id));
      expect(await list({ circle_id: id, offset: all.length })).toEqual([]);
      expect((await list({ circle_id: id, kind: 'general' })).every((v) => v.kind === 'general' && v.word === '')).toBe(true);
      expectRefused(await request(s.url, circle.shortVideoList, { circle_id: 999999 }), 404, CODE.notFound, '圈子 id 999999 不存在');
      expectRefused(await request(s.url, circle.shortVideoList, {}), 400, CODE.badInput, '缺少参数 circle_id');
      expectRefused(
        await request(s.url, circle.shortVideoList, { circle_id: id, count: 51 }),
        400,
        CODE.badInput,
        '参数 count 不能大于 50',
      );
      expectRefused(
        await request(s.url, circle.shortVideoList, { circle_id: id, offset: -1 }),
        400,
        CODE.badInput,
        '参数 offset 不能为负数',
      );
      expectRefused(
        await request(s.url, circle.shortVideoList, { circle_id: id, kind: 'movie' }),
        400,
        CODE.badInput,
        '参数 kind 须为 word、general 之一',
      );
    });

    it('word video detail: the word card, its circle, counts, neighbours and a signed play URL that plays', async () => {
      const all = await list({ circle_id: circleId('cet-words'), count: 50 });
      const at = all.findIndex((v) => v.kind === 'word' && v.comment_count > 0);
      const item = all[at];
      if (!item) throw new Error('no word video with comments');
      const d = await detail(item.id);
      expect(d).toMatchObject({
        id: item.id,
        kind: 'word',
        word: item.word,
        comment_count: item.comment_count,
        like_count: item.like_count,
      });
      expect(d.example).toMatch(/^[A-Z].*[.!?]$/);
      expect(d.example_translation).toMatch(/[\u4e00-\u9fff]/);
      expect(d.circle).toMatchObject({ id: circleId('cet-words'), name: '四六级词汇圈', video_count: all.length });
      expect(d.prev_id).toBe(all[at - 1]?.id ?? 0);
      expect(d.next_id).toBe(all[at + 1]?.id ?? 0);
      expect((await detail(all[0]?.id ?? 0)).prev_id).toBe(0);
      expect((await detail(all.at(-1)?.id ?? 0)).next_id).toBe(0);
      expect(d.play_url).toMatch(SIGNED_HLS);
      expect(d.play_expires_at).toBeGreaterThan(s.services.clock());
      const playlist = await fetch(s.url + d.play_url);
      expect(playlist.status).toBe(200);
      expect(await playlist.text()).toContain('#EXTM3U');
      // The signature covers the stream: a tampered URL is refused by the CDN.
      expect((await fetch(s.url + d.play_url.replace(/sign=[0-9a-f]/, 'sign=x'))).status).toBe(403);
      const cover = await fetch(s.url + d.cover);
      expect(await cover.text()).toContain(item.word);
      expect(d.poster).toBe(`/media/short-video/${item.id}-wide.svg`);
      const poster = await (await fetch(s.url + d.poster)).text();
      expect(poster).toContain('viewBox="0 0 640 360"');
      expect(poster).toContain(item.word);
      expectRefused(await request(s.url, circle.shortVideoDetail_, { id: 999999 }), 404, CODE.notFound, '短视频 id 999999 不存在');
      expectRefused(await request(s.url, circle.shortVideoDetail_, { id: 0 }), 400, CODE.badInput, '参数 id 须为正整数');
    });
  });

  describe('comments and replies', () => {
    it('lists comments newest first, each with its reply count and first two replies', async () => {
      const all = await list({ circle_id: circleId('cet-words'), count: 50 });
      const v = all.find((x) => x.word === 'abandon');
      if (!v) throw new Error('abandon missing');
      const cs = await comments(v.id);
      expect(cs).toHaveLength(v.comment_count);
      const times = cs.map((c) => c.created_at);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const threaded = cs.find((c) => c.reply_count === 3);
      if (!threaded) throw new Error('no comment with 3 replies');
      expect(threaded.nickname).toBe('英语菜鸟阿杰');
      expect(threaded.replies).toHaveLength(2);
      expect(threaded.replies.map((r) => r.nickname)).toEqual(['晨读打卡', '林间小鹿']);
      expect(threaded.replies[1]?.reply_to_nickname).toBe('晨读打卡');
      const replies = (await request(s.url, circle.replyList, { comment_id: threaded.id })).body.data;
      expect(replies.map((r) => r.nickname)).toEqual(['晨读打卡', '林间小鹿', '英语菜鸟阿杰']);
      expect(replies.slice(0, 2)).toEqual(threaded.replies);
      const page2 = (await request(s.url, circle.replyList, { comment_id: threaded.id, offset: 2, count: 1 })).body.data;
      expect(page2.map((r) => r.id)).toEqual([replies[2]?.id]);
      expect((await comments(v.id, { offset: 1, count: 1 })).map((c) => c.id)).toEqual([cs[1]?.id]);
      expectRefused(await request(s.url, circle.commentList, { video_id: 999999 }), 404, CODE.notFound, '短视频 id 999999 不存在');
      expectRefused(await request(s.url, circle.commentList, {}), 400, CODE.badInput, '缺少参数 video_id');
      expectRefused(await request(s.url, circle.replyList, { comment_id: 999999 }), 404, CODE.notFound, '评论 id 999999 不存在');
      expectRefused(await request(s.url, circle.replyList, { comment_id: -3 }), 400, CODE.badInput, '参数 comment_id 须为正整数');
    });

    it('a logged-in user comments: trimmed, first in the list, and the video’s comment count moves by one', async () => {
      const u = await newUser(s);
      const v = await quietVideo();
      const res = await postComment(u, { video_id: v.id, content: '  这个例句好记，收藏了  ' });
      expect(res.body).toMatchObject({
        status: 0,
        data: { comment: { video_id: v.id, content: '这个例句好记，收藏了', reply_count: 0, replies: [] }, comment_count: 1 },
      });
      expect(res.body.data.comment.nickname).toBe(`备考用户${u.mobile.slice(-4)}`);
      expect((await detail(v.id)).comment_count).toBe(1);
      const second = await postComment(u, { video_id: v.id, content: '第二条' });
      expect(second.body.data.comment_count).toBe(2);
      const cs = await comments(v.id);
      expect(cs.map((c) => c.content)).toEqual(['第二条', '这个例句好记，收藏了']);
      expect(cs[0]?.id).toBe(second.body.data.comment.id);
    });

    it('replies to a comment and to a reply; the comment’s reply count moves by one each time', async () => {
      const a = await newUser(s);
      const b = await newUser(s);
      const v = await quietVideo(1);
      const c = (await postComment(a, { video_id: v.id, content: '谁能讲讲 approach to 后面为什么接 doing？' })).body.data.comment;
      const r1 = await postReply(b, { comment_id: c.id, content: '因为 to 是介词' });
      expect(r1.body).toMatchObject({ status: 0, data: { reply: { comment_id: c.id, reply_to_nickname: '' }, reply_count: 1 } });
      const r2 = await postReply(a, { comment_id: c.id, content: '明白了，谢谢', reply_id: r1.body.data.reply.id });
      expect(r2.body.data).toMatchObject({ reply: { reply_to_nickname: `备考用户${b.mobile.slice(-4)}` }, reply_count: 2 });
      const listed = (await comments(v.id)).find((x) => x.id === c.id);
      expect(listed).toMatchObject({ reply_count: 2 });
      expect(listed?.replies.map((r) => r.content)).toEqual(['因为 to 是介词', '明白了，谢谢']);
      // A reply of another comment is not one of this comment's replies.
      const other = (await postComment(b, { video_id: v.id, content: '另一条评论' })).body.data.comment;
      const before = await writes();
      expectRefused(
        await postReply(a, { comment_id: other.id, content: '串楼了', reply_id: r1.body.data.reply.id }),
        404,
        CODE.notFound,
        `评论 ${other.id} 下的回复 id ${r1.body.data.reply.id} 不存在`,
      );
      expectRefused(await postReply(a, { comment_id: 999999, content: '你好' }), 404, CODE.notFound, '评论 id 999999 不存在');
      expect(await writes()).toEqual(before);
    });

    it('refuses empty, too long and anonymous posts, and writes nothing', async () => {
      const u = await newUser(s);
      const v = await quietVideo(2);
      const c = (await postComment(u, { video_id: v.id, content: '先占一楼' })).body.data.comment;
      const before = await writes();
      for (const [input, msg] of [
        [{ video_id: v.id, content: 'x'.repeat(201) }, '参数 content 不能超过 200 个字符'],
        [{ video_id: v.id, content: '   ' }, '参数 content 不能为空'],
        [{ video_id: v.id, content: '' }, '参数 content 不能为空'],
        [{ video_id: v.id }, '缺少参数 content'],
        [{ content: '你好' }, '缺少参数 video_id'],
        [{ video_id: 'abc', content: '你好' }, '参数 video_id'],
      ] as const) {
        expectRefused(await postComment(u, input), 400, CODE.badInput, msg);
      }
      expectRefused(await postComment(u, { video_id: 999999, content: '你好' }), 404, CODE.notFound, '短视频 id 999999 不存在');
      expectRefused(
        await postReply(u, { comment_id: c.id, content: '长'.repeat(201) }),
        400,
        CODE.badInput,
        '参数 content 不能超过 200 个字符',
      );
      expectRefused(await postReply(u, { comment_id: c.id, content: '\n\t ' }), 400, CODE.badInput, '参数 content 不能为空');
      expectRefused(await postComment(undefined, { video_id: v.id, content: '匿名评论' }), 401, CODE.unauthorized, '登录');
      expectRefused(await postReply(undefined, { comment_id: c.id, content: '匿名回复' }), 401, CODE.unauthorized, '登录');
      expect(await writes()).toEqual(before);
      // 200 characters after trimming is allowed.
      const full = await postComment(u, { video_id: v.id, content: ` ${'好'.repeat(200)} ` });
      expect(full.body.data.comment.content).toHaveLength(200);
    });

    it('allows at most 10 comments and replies per user per minute (4029), then again a minute later', async () => {
      const u = await newUser(s);
      const other = await newUser(s);
      const v = await quietVideo(3);
      const c = (await postComment(other, { video_id: v.id, content: '楼主' })).body.data.comment;
      for (let i = 0; i < 6; i++) expect((await postComment(u, { video_id: v.id, content: `评论 ${i}` })).body.status).toBe(0);
      for (let i = 0; i < 4; i++) expect((await postReply(u, { comment_id: c.id, content: `回复 ${i}` })).body.status).toBe(0);
      const before = await writes();
      expectRefused(await postComment(u, { video_id: v.id, content: '第 11 条' }), 429, CODE.tooMany, '每人每分钟最多发表 10 条评论和回复');
      expectRefused(await postReply(u, { comment_id: c.id, content: '第 11 条' }), 429, CODE.tooMany, '请稍后再试');
      expect(await writes()).toEqual(before);
      // Other users are not affected.
      expect((await postReply(other, { comment_id: c.id, content: '我还能发' })).body.status).toBe(0);
      s.advance(61);
      expect((await postComment(u, { video_id: v.id, content: '一分钟后' })).body.status).toBe(0);
    });
  });

  it('parallel posts of one user cannot beat the limit: exactly 10 of 15 pass, counters match the rows', async () => {
    const u = await newUser(s);
    const v = await quietVideo(4);
    const replies = await Promise.all(Array.from({ length: 15 }, (_, i) => postComment(u, { video_id: v.id, content: `并发评论 ${i}` })));
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(10);
    expect(replies.filter((r) => r.body.code === CODE.tooMany)).toHaveLength(5);
    const rows = await s.services.db.kysely.selectFrom('short_video_comments').select('id').where('video_id', '=', v.id).execute();
    expect(rows).toHaveLength(10);
    expect((await detail(v.id)).comment_count).toBe(10);
  });

  describe('politics points', () => {
    it('lists at least 4 chapters of at least 3 points in order', async () => {
      const res = await request(s.url, politics.chapterList, {});
      const chapters = res.body.data;
      expect(chapters.length).toBeGreaterThanOrEqual(4);
      for (const [i, c] of chapters.entries()) {
        expect(c.index).toBe(i + 1);
        expect(c.points.length).toBeGreaterThanOrEqual(3);
        expect(c.point_count).toBe(c.points.length);
        expect(c.first_point_id).toBe(c.points[0]?.id);
        expect(c.intro).not.toBe('');
      }
      expect(chapters.some((c) => c.points.some((p) => p.has_video === 1))).toBe(true);
    });

    it('point detail: notes, key sentences, its chapter’s points and prev/next across the outline', async () => {
      const chapters = (await request(s.url, politics.chapterList, {})).body.data;
      const points = chapters.flatMap((c) => c.points);
      const first = (await request(s.url, politics.pointDetail_, { id: points[0]?.id ?? 0 })).body.data;
      expect(first.prev).toEqual({ id: 0, title: '' });
      expect(first.next).toEqual({ id: points[1]?.id, title: points[1]?.title });
      expect(first.content.length).toBeGreaterThan(300);
      expect(first.content).toContain('## ');
      expect(first.key_sentences.length).toBeGreaterThanOrEqual(2);
      expect(first.chapter_index).toBe(1);
      expect(first.chapter_points).toEqual(chapters[0]?.points);
      // Walk the whole outline by next: every point once, in order, crossing chapters.
      const walked: number[] = [];
      let id = points[0]?.id ?? 0;
      while (id) {
        const d = (await request(s.url, politics.pointDetail_, { id })).body.data;
        walked.push(d.id);
        expect(d.chapter_title).toBe(chapters.find((c) => c.id === d.chapter_id)?.title);
        if (d.play_url) {
          expect(d.play_url).toMatch(SIGNED_HLS);
          expect(d.poster).toBe(`/media/politics-point/${d.id}.svg`);
          expect(d.duration).toBeGreaterThan(30);
        } else {
          expect(d.play_expires_at).toBe(0);
          expect(d.poster).toBe('');
        }
        id = d.next.id;
      }
      expect(walked).toEqual(points.map((p) => p.id));
      const last = (await request(s.url, politics.pointDetail_, { id: points.at(-1)?.id ?? 0 })).body.data;
      expect(last.next).toEqual({ id: 0, title: '' });
      expect(last.prev.id).toBe(points.at(-2)?.id);
      expectRefused(await request(s.url, politics.pointDetail_, { id: 999999 }), 404, CODE.notFound, '考点 id 999999 不存在');
      // Without an id the page opens the outline's first point.
      expect((await request(s.url, politics.pointDetail_, {})).body.data).toEqual({
        ...first,
        play_expires_at: expect.any(Number),
        play_url: expect.any(String),
      });
      expectRefused(await request(s.url, politics.pointDetail_, { id: 'x' }), 400, CODE.badInput, '参数 id');
    });
  });
});
