import { i18n } from '../../i18n';
import type { Env } from '../../runtime/block-api';

export interface ShareInput {
  title: string;
  desc: string;
  /** Absolute link the card or the copy carries. */
  link: string;
  image: string;
}

export type ShareOutcome = 'hint' | 'shared' | 'copied' | 'copyFailed';

/**
 * What the share button does: inside WeChat it only asks for the hint (the JS-SDK cannot open WeChat's share sheet;
 * the card is already set); elsewhere the system or native share sheet when there is one, else the link is copied
 * with 复制成功 / 复制失败.
 */
export async function shareNow(env: Pick<Env, 'share' | 'copy' | 'toast'>, data: ShareInput, inWechat: boolean): Promise<ShareOutcome> {
  if (inWechat) return 'hint';
  if (await env.share({ title: data.title, desc: data.desc, link: data.link, image: data.image })) return 'shared';
  const ok = await env.copy(data.link);
  env.toast(ok ? i18n.runtime.copyOk : i18n.runtime.copyFailed);
  return ok ? 'copied' : 'copyFailed';
}

/** `path` as an absolute URL of `origin` ('' stays ''; absolute URLs are kept): WeChat's card needs absolute ones. */
export function absoluteUrl(path: string, origin: string | undefined): string {
  if (!path) return '';
  try {
    return new URL(path, origin).href;
  } catch {
    return path;
  }
}
