import { type Env, isMissing, userMessage } from '../../runtime/block-api';

export interface ErrorDialogTexts {
  title: string;
  okText: string;
  cancelText: string;
}

/**
 * Spec §8: asks for the good's subject; on a non-zero status the dialog shows the title and the server's message
 * (without internal ids), and its ok button (刷新) calls `reload`. Resolves with what happened. A bad id asks nothing.
 * A missing good (4004, or a bad id 4000) opens no dialog: the page shows its one not-found screen (issue 24).
 */
export async function checkGoodSubject(
  env: Pick<Env, 'call' | 'confirm'>,
  goodId: unknown,
  texts: ErrorDialogTexts,
  reload: () => void,
  alive: () => boolean = () => true,
): Promise<'ok' | 'skipped' | 'missing' | 'reloaded' | 'continued'> {
  const id = Number(goodId);
  if (!Number.isInteger(id) || id < 1) return 'skipped';
  const r = await env.call('goods.genus_category', { id });
  if (r.status === 0 || !alive()) return 'ok';
  if (isMissing(r.code)) return 'missing';
  const again = await env.confirm({ title: texts.title, text: userMessage(r), okText: texts.okText, cancelText: texts.cancelText });
  if (!again || !alive()) return 'continued';
  reload();
  return 'reloaded';
}
