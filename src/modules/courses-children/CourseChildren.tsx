import { useEffect, useState } from 'react';
import type { CourseItem, CourseProgress } from '../../contract/courses';
import type { BlockProps, Env } from '../../runtime/block-api';
import type { CourseChildrenProps } from './props.gen';
import './course-children.css';
import { courseChildren } from '../../i18n/zh-CN/course-children';

const t = courseChildren;

/** A child course as the item template sees it: the list item plus the user's progress (null when logged out). */
export type ChildCourse = CourseItem & { progress: CourseProgress | null };

export type ChildrenResult = { items: ChildCourse[]; error: '' } | { items: null; error: string };

/**
 * The bundle's courses (course.child) and, for a logged-in user, each one's progress (course.progress, in parallel;
 * a course whose progress cannot be read shows none). A refused list answers the server's message.
 */
export async function loadChildren(env: Env, courseId: number, hasLogin: boolean): Promise<ChildrenResult> {
  const res = await env.call('course.child', { course_id: courseId });
  if (res.status !== 0 || !res.data) return { items: null, error: res.msg || t.loadFailed };
  const children = res.data;
  const progress = hasLogin
    ? await Promise.all(children.map((c) => env.call('course.progress', { course_id: c.id })))
    : children.map(() => null);
  return {
    items: children.map((c, i) => {
      const p = progress[i];
      return { ...c, progress: p && p.status === 0 && p.data ? p.data.progress : null };
    }),
    error: '',
  };
}

/** `/course/bundle_detail/:courseId`: the bundle's courses, each drawn by `item` with `item` and `index` in scope. */
export default function CourseChildren({ props, env, scope, renderBlocks }: BlockProps<CourseChildrenProps>) {
  const courseId = Number(props.courseId);
  const hasLogin = (scope.auth as { hasLogin?: boolean } | undefined)?.hasLogin === true;
  const [result, setResult] = useState<ChildrenResult | null>(null);

  useEffect(() => {
    if (!Number.isInteger(courseId) || courseId <= 0) return;
    let live = true;
    void loadChildren(env, courseId, hasLogin).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [env, courseId, hasLogin]);

  if (!result) return <div className="course-children cc-loading" aria-busy="true" />;
  if (result.error) return <p className="cc-note">{result.error}</p>;
  if (!result.items?.length) return <p className="cc-note">{props.emptyText || t.empty}</p>;
  return (
    <ul className="course-children" data-testid="course-children">
      {result.items.map((item, index) => (
        <li key={item.id}>{renderBlocks(props.item, { item, index })}</li>
      ))}
    </ul>
  );
}
