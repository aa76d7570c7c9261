import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fakePage } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { CatalogVideo } from '../../contract/courses';
import { CatalogView, pickVideo, summary, videoMark, withLiveProgress } from './CourseCatalog';

const video = (id: number, over: Partial<CatalogVideo> = {}): CatalogVideo => ({
  id,
  title: `第 ${id} 课`,
  duration: 95,
  is_free: 0,
  locked: 0,
  position: 0,
  furthest: 0,
  is_finish: 0,
  ...over,
});
const catalog = (canAccess: number) => ({
  course_id: 7,
  can_access: canAccess,
  access_reason: canAccess ? ('owned' as const) : ('not_owned' as const),
  last_video_id: 0,
  chapters: [
    {
      id: 1,
      title: '第一章 导学',
      videos: [video(1, { is_free: 1, duration: 60, furthest: 30 }), video(2, { locked: canAccess ? 0 : 1 })],
    },
    { id: 2, title: '第二章 精讲', videos: [video(3, { locked: canAccess ? 0 : 1, is_finish: 1, furthest: 95 })] },
  ],
});

describe('course-catalog module', () => {
  it("applies the player's latest report to its video only, never taking a mark back", () => {
    const live = withLiveProgress(catalog(1), { video_id: 1, position: 59, furthest: 59, is_finish: 1 });
    const videos = live.chapters.flatMap((ch) => ch.videos);
    expect(videoMark(videos[0] as CatalogVideo)).toEqual({ text: '已学完', done: true });
    expect(videos[1]).toEqual(catalog(1).chapters[0]?.videos[1]);
    // An older report (smaller furthest, not finished) does not undo 已学完 or move furthest back.
    const older = withLiveProgress(catalog(1), { video_id: 3, position: 10, furthest: 10, is_finish: 0 });
    expect(older.chapters[1]?.videos[0]).toMatchObject({ is_finish: 1, furthest: 95 });
    expect(withLiveProgress(catalog(1), undefined)).toEqual(catalog(1));
    expect(withLiveProgress(catalog(1), '')).toEqual(catalog(1));
  });

  it('marks each video: 已学完, 已学 N% (never 100 before the end), or nothing', () => {
    expect(videoMark(video(1, { is_finish: 1 }))).toEqual({ text: '已学完', done: true });
    expect(videoMark(video(1, { furthest: 19 }))).toEqual({ text: '已学 20%', done: false });
    expect(videoMark(video(1, { furthest: 95 }))).toEqual({ text: '已学 99%', done: false });
    expect(videoMark(video(1))).toEqual({ text: '', done: false });
    expect(videoMark(video(1, { duration: 0, furthest: 5 }))).toEqual({ text: '', done: false });
  });

  it('sums lessons and time', () => {
    expect(summary(catalog(0))).toBe('共 3 课时 · 4:10');
  });

  it('a tap sets the page’s videoId; a locked video also says that buying opens it', () => {
    const env = fakeEnv();
    const page = fakePage();
    pickVideo(env, page, { id: 3, locked: 0 });
    expect(page.setState).toHaveBeenCalledWith('videoId', 3);
    expect(env.toast).not.toHaveBeenCalled();
    pickVideo(env, page, { id: 2, locked: 1 });
    expect(page.setState).toHaveBeenLastCalledWith('videoId', 2);
    expect(env.toast).toHaveBeenCalledWith('购买后即可观看全部课时');
  });

  it('shows 试看 and locks to a user who has not opened the course, and highlights the video being played', () => {
    const html = renderToStaticMarkup(<CatalogView catalog={catalog(0)} currentId={1} onPick={vi.fn()} />);
    expect(html).toContain('第一章 导学');
    expect(html.match(/class="ccat-preview"/g)).toHaveLength(1);
    expect(html.match(/data-locked="true"/g)).toHaveLength(2);
    expect(html).toMatch(/aria-current="true"[^>]*>.*当前/);
    expect(html).toContain('已学 50%');
    expect(html).toContain('已学完');
    expect(html).toContain('1:00');
  });

  it('an owner sees neither 试看 nor locks', () => {
    const html = renderToStaticMarkup(<CatalogView catalog={catalog(1)} currentId={0} onPick={vi.fn()} />);
    expect(html).not.toContain('ccat-preview');
    expect(html).not.toContain('data-locked');
    expect(html).not.toContain('aria-current');
  });
});
