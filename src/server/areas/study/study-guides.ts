import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as study from '../../../contract/study';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { withContentHtml } from '../articles';
import { ensureSubject } from '../subjects';

type GuideKind = 'signup' | 'outline';
const GUIDE_NAME: Record<GuideKind, string> = { signup: '报名信息', outline: '考试大纲' };

/** The category's sign-up info (`signup`) or syllabus (`outline`); one of each per category. */
export async function examGuide(
  s: Services,
  kind: GuideKind,
  q: ParsedInputOf<typeof study.signUpInfo>,
): Promise<OutputOf<typeof study.signUpInfo>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  const row = await s.db.kysely
    .selectFrom('exam_guides')
    .selectAll()
    .where('category_id', '=', q.category_id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) throw notFound(`科目 category_id ${q.category_id} 的${GUIDE_NAME[kind]}`);
  return withContentHtml(row);
}
