import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as user from '../../../contract/users';
import type { Services } from '../../http/context';

/** Stores a feedback message; `userId` is null when sent logged out. */
export async function saveFeedback(
  s: Services,
  userId: number | null,
  input: ParsedInputOf<typeof user.feedback>,
): Promise<OutputOf<typeof user.feedback>> {
  return s.db.kysely
    .insertInto('feedback')
    .values({ user_id: userId, content: input.content, page_url: input.page_url, created_at: s.clock() })
    .returning('id')
    .executeTakeFirstOrThrow();
}
