import type { DialectName } from '../connect';
import type { AnyDb } from './columns';

/**
 * A user's feedback by the user: the user centre's statistics count it on every visit of 我的 (and an account deletion
 * removes it), which without an index read every user's feedback.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.createIndex('feedback_user').on('feedback').column('user_id').execute();
}
