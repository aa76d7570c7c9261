import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { CourseItem, CourseProgress } from '../../contract/courses';
import CourseChildren, { loadChildren } from './CourseChildren';

const child = (id: number, name: string) => ({ id, name }) as CourseItem;
const progress = (percent: number): CourseProgress => ({
  percent,
  is_finish: percent === 100 ? 1 : 0,
  finished_videos: 0,
  video_count: 5,
  learned_seconds: 0,
  last_video_id: 0,
  last_position: 0,
});
const ok = <T,>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });

describe('course-children module', () => {
  it('lists the bundle courses with each one’s progress for a logged-in user', async () => {
    const env = fakeEnv({
      'course.child': ok([child(2, '听力'), child(3, '翻译')]),
      'course.progress': (input) => {
        const id = (input as { course_id: number }).course_id;
        return ok({ course_id: id, progress: progress(id === 2 ? 40 : 100), videos: [] });
      },
    });
    const r = await loadChildren(env, 13, true);
    expect(env.call).toHaveBeenCalledWith('course.child', { course_id: 13 });
    expect(env.call).toHaveBeenCalledWith('course.progress', { course_id: 2 });
    expect(env.call).toHaveBeenCalledWith('course.progress', { course_id: 3 });
    expect(r.items?.map((i) => [i.id, i.progress?.percent])).toEqual([
      [2, 40],
      [3, 100],
    ]);
  });

  it('asks for no progress when logged out, and a progress that fails shows none', async () => {
    const out = fakeEnv({ 'course.child': ok([child(2, '听力')]) });
    const r = await loadChildren(out, 13, false);
    expect(out.call).toHaveBeenCalledTimes(1);
    expect(r.items?.[0]?.progress).toBeNull();
    const failing = fakeEnv({ 'course.child': ok([child(2, '听力')]) }); // course.progress has no reply: status 1
    expect((await loadChildren(failing, 13, true)).items?.[0]?.progress).toBeNull();
  });

  it('answers the server message when the bundle cannot be read', async () => {
    const env = fakeEnv({ 'course.child': { status: 1, code: 4004, msg: '课程 course_id 99 不存在', data: null } });
    expect(await loadChildren(env, 99, true)).toEqual({ items: null, error: '课程 course_id 99 不存在' });
  });

  it('keeps its place while loading', () => {
    const { blockProps } = fakeBlockProps('courses-children', { courseId: '13', item: [] }, { scope: { auth: { hasLogin: true } } });
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <CourseChildren {...blockProps} />
      </MemoryRouter>,
    );
    expect(html).toContain('aria-busy="true"');
  });
});
