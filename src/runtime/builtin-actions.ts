import { userMessage } from '../api/user-message';
import { i18n } from '../i18n';
import { registerAction } from './actions';
import { endpointById } from './endpoints';

function asText(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/** The actions every page config can use: navigate, call, copy, customerService, feedback, share, saveImage, setState. */
export function registerBuiltinActions(): void {
  registerAction('navigate', (a, { env }) => {
    const to = asText(a.to);
    if (/^https?:\/\//.test(to)) globalThis.location.assign(to);
    else env.navigate(to, { replace: a.replace });
    return true;
  });

  registerAction(
    'call',
    async (a, ctx) => {
      const endpoint = endpointById(a.endpoint);
      if (!endpoint) {
        ctx.env.toast(`${i18n.runtime.unknownEndpoint} ${a.endpoint}`);
        return false;
      }
      const res = await ctx.env.callDynamic(endpoint, (a.params ?? {}) as Record<string, unknown>);
      if (res.status !== 0) {
        if (a.failureToast !== false) ctx.env.toast(userMessage(res));
        return false;
      }
      if (a.successToast) ctx.env.toast(typeof a.successToast === 'string' ? a.successToast : res.msg);
      for (const s of a.refresh ?? []) ctx.page.refresh(s);
      if (a.then) await ctx.run(a.then, { result: res.data });
      return true;
    },
    { raw: ['then'] },
  );

  registerAction('copy', async (a, { env }) => {
    const ok = await env.copy(asText(a.text));
    env.toast(ok ? i18n.runtime.copyOk : i18n.runtime.copyFailed);
    return ok;
  });

  registerAction('customerService', (_a, { env }) => {
    env.popup('customerService');
    return true;
  });

  registerAction('feedback', (_a, { env }) => {
    env.popup('feedback');
    return true;
  });

  // Where nothing can share (a plain browser without a share sheet), the link is copied: 复制成功 / 复制失败.
  registerAction('share', async (a, { env }) => {
    const link = a.link ?? globalThis.location?.href ?? '';
    if (await env.share({ title: a.title, desc: a.desc, link, image: a.image })) return true;
    const copied = await env.copy(link);
    env.toast(copied ? i18n.runtime.copyOk : i18n.runtime.copyFailed);
    return copied;
  });

  registerAction('saveImage', async (a, { env, page }) => {
    const render = a.target ? page.imageSource(a.target) : undefined;
    const src = render ? await render() : asText(a.src);
    if (!src) {
      env.toast(i18n.runtime.saveImageFailed);
      return false;
    }
    env.saveImage(src, a.filename);
    return true;
  });

  registerAction('setState', (a, { page }) => {
    page.setState(a.key, a.value);
    return true;
  });
}
