import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { i18n } from '../i18n';
import { navigateTo } from '../platform/navigation';
import type { OauthDeps } from '../platform/wechat/oauth-flow';
import { type OauthContext, oauthStep, sessionStore } from '../platform/wechat/oauth-state';
import { forgetAttribution } from '../state/attribution';
import { authState, loginSucceeded } from '../state/auth';
import { showToast } from '../state/ui';
import { callId } from './call-id';

/** The server's message; for a network failure or a 5xx (status -1) the flow's own. */
const failureText = (res: { status: number; msg: string }) => (res.status === -1 || !res.msg ? i18n.wechat.authorizeFailed : res.msg);

/** The WeChat OAuth flow's ties to the app: the two member-host calls, the session, navigation, toasts. */
const wechatDeps: OauthDeps = {
  async authorize(redirectUrl) {
    // A referral (kept, or in the page's URL) rides the OAuth state to the login that registers (issue 23).
    const { attributionFor } = await import('./referral-link');
    const fromActivity = await attributionFor(globalThis.location.href);
    const res = await callId('auth.official_weixin_data', {
      redirect_url: redirectUrl,
      ...(fromActivity ? { from_activity: fromActivity } : {}),
    });
    if (res.status !== 0 || !res.data) return { ok: false, msg: failureText(res) };
    return { ok: true, authorizeUrl: res.data.authorize_url, state: res.data.state };
  },
  async login(input) {
    const res = await callId('auth.official_weixin_login', input);
    if (res.status !== 0 || !res.data) return { ok: false, msg: failureText(res) };
    const d = res.data;
    return { ok: true, login: d.login, register: d.register, token: d.data.token, thirdAuthKey: d.data.third_auth_key };
  },
  saveToken: (token) => {
    if (loginSucceeded(token, false)) forgetAttribution();
  },
  markOauth: () => {
    authState.hasWechatOAuth = true;
  },
  go: (url) => globalThis.location.replace(url),
  navigate: (path) => navigateTo(path, { replace: true }),
  toast: showToast,
  session: sessionStore,
};

function oauthContext(): OauthContext {
  return { href: globalThis.location.href, hasLogin: authState.hasLogin, hasWechatOAuth: authState.hasWechatOAuth, session: sessionStore };
}

let oauthRunning = false;

/** Runs this URL's OAuth step; the flow is its own chunk, loaded only when there is a step to run. */
async function runWechatOauth(ctx: OauthContext): Promise<boolean> {
  oauthRunning = true;
  try {
    const { runOauth } = await import('../platform/wechat/oauth-flow');
    return await runOauth(ctx, wechatDeps);
  } finally {
    oauthRunning = false;
  }
}

/**
 * WeChat's browser (spec section 4): a visitor with neither login nor OAuth goes through WeChat OAuth
 * first, except on the public pages of `platform/wechat/public-routes.ts`. True while the flow runs:
 * the app then shows a waiting text instead of the page (so no guard redirects meanwhile).
 */
export function useWechatOauth(): boolean {
  const location = useLocation();
  const auth = useSnapshot(authState);
  const [busy, setBusy] = useState(() => oauthStep(oauthContext()) !== 'none');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flow reads the location and auth state itself; these say when to look again.
  useEffect(() => {
    if (oauthRunning) return;
    const ctx = oauthContext();
    if (oauthStep(ctx) === 'none') {
      setBusy(false);
      return;
    }
    setBusy(true);
    void runWechatOauth(ctx).then((leaving) => {
      if (!leaving) setBusy(false);
    });
  }, [location.pathname, location.search, location.hash, auth.hasLogin, auth.hasWechatOAuth]);
  return busy;
}
