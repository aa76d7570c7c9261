import { call } from '../api';
import { i18n } from '../i18n';
import { copyText } from '../platform/clipboard';
import { saveImage, share } from '../platform/share';
import { showToast, uiState } from '../state/ui';
import { resolveDeep, type Scope } from './expr';
import { endpointById } from './endpoints';
import { imageSource } from './image-sources';
import type { Action } from './page-config.gen';

export interface ActionContext {
  navigate(to: string, opts?: { replace?: boolean }): void;
  refresh(source: string): void;
  setState(key: string, value: unknown): void;
}

function asText(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/** Runs one action; returns false when a call failed (so `then` actions are skipped). */
async function runOne(action: Action, scope: Scope, ctx: ActionContext): Promise<boolean> {
  // Nested `then` actions are resolved later, when `result` is known.
  const later = 'then' in action ? action.then : undefined;
  // biome-ignore lint/suspicious/noThenProperty: `then` is the call action's follow-up list in the page format.
  const resolved = resolveDeep({ ...action, then: undefined }, scope) as Action;
  // biome-ignore lint/suspicious/noThenProperty: as above.
  const a = (later ? Object.assign(resolved, { then: later }) : resolved) as Action;
  switch (a.action) {
    case 'navigate': {
      const to = asText(a.to);
      if (/^https?:\/\//.test(to)) globalThis.location.assign(to);
      else ctx.navigate(to, { replace: a.replace });
      return true;
    }
    case 'call': {
      const endpoint = endpointById(a.endpoint);
      if (!endpoint) {
        showToast(`${i18n.runtime.unknownEndpoint} ${a.endpoint}`);
        return false;
      }
      const res = await call(endpoint, (a.params ?? {}) as never);
      if (res.status !== 0) {
        if (a.failureToast !== false) showToast(res.msg);
        return false;
      }
      if (a.successToast) showToast(typeof a.successToast === 'string' ? a.successToast : res.msg);
      for (const s of a.refresh ?? []) ctx.refresh(s);
      if (a.then) await runActions(a.then, { ...scope, result: res.data }, ctx);
      return true;
    }
    case 'copy': {
      const ok = await copyText(asText(a.text));
      showToast(ok ? i18n.runtime.copyOk : i18n.runtime.copyFailed);
      return ok;
    }
    case 'customerService':
    case 'feedback':
      uiState.popup = a.action;
      return true;
    case 'share':
      await share({ title: a.title, desc: a.desc, link: a.link ?? globalThis.location?.href, image: a.image });
      return true;
    case 'saveImage': {
      const render = a.target ? imageSource(a.target) : undefined;
      const src = render ? await render() : asText(a.src);
      if (!src) {
        showToast(i18n.runtime.saveImageFailed);
        return false;
      }
      saveImage(src, a.filename);
      return true;
    }
    case 'setState':
      ctx.setState(a.key, a.value);
      return true;
  }
}

/** Runs actions in order; stops at the first failed call. */
export async function runActions(actions: Action | readonly Action[] | undefined, scope: Scope, ctx: ActionContext): Promise<void> {
  if (!actions) return;
  const list = Array.isArray(actions) ? actions : [actions as Action];
  for (const action of list) {
    if (!(await runOne(action, scope, ctx))) return;
  }
}
