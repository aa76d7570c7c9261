import { i18n } from '../../i18n';

/** Envelope codes of a page load that mean "this content is not there": not found, or a bad id in the link. */
const GONE_CODES: readonly number[] = [4004, 4000];

/**
 * What a user reads when a page's own content fails to load: 内容不存在或已下架 for a missing item or a bad id,
 * the server's message otherwise (network failures already carry a Chinese message). The precise server message
 * stays in the envelope and goes to the console for developers.
 */
export function loadErrorText(res: { code: number; msg: string }): string {
  if (!GONE_CODES.includes(res.code)) return res.msg;
  console.warn(`[load] ${res.code} ${res.msg}`);
  return i18n.loadError.notFound;
}
