import type { OutputOf } from '../../../contract/endpoint';
import type * as framework from '../../../contract/framework';
import type * as uc from '../../../contract/users-center';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { withContentHtml } from '../articles';

/** The user agreement and the privacy policy ('' for one that is missing). */
export async function agreement(s: Services): Promise<OutputOf<typeof framework.agreement>> {
  const rows = await s.db.kysely
    .selectFrom('documents')
    .select(['key', 'content'])
    .where('key', 'in', ['user_agreement', 'privacy'])
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r.content]));
  return { user_agreement: byKey.get('user_agreement') ?? '', privacy: byKey.get('privacy') ?? '' };
}

/** One public document by key; an unknown key is a 404. */
export async function documentByKey(s: Services, key: string): Promise<OutputOf<typeof uc.documentEndpoint>> {
  const doc = await s.db.kysely.selectFrom('documents').selectAll().where('key', '=', key).executeTakeFirst();
  if (!doc) throw notFound(`文档 ${key} `);
  return withContentHtml(doc);
}
