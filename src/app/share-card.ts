/** The WeChat share card of a page (`env.shareCard`): the JS-SDK work is its own chunk, loaded only inside WeChat. */

import { storage } from '../platform/storage';
import { isWechatBrowser } from '../platform/wechat/ua';
import { callId } from './call-id';

export async function shareCard(card: { title: string; desc: string; link: string; image: string }): Promise<boolean> {
  if (!isWechatBrowser()) return false;
  const { loadWx, setShareCard } = await import('../platform/wechat/share-card');
  return setShareCard(
    { title: card.title, desc: card.desc, link: card.link, imgUrl: card.image },
    {
      wx: loadWx,
      href: globalThis.location.href,
      loadConfig: async (url) => {
        const res = await callId('framework.js_sdk_config', { url });
        return res.status === 0 ? res.data : null;
      },
      store: storage,
    },
  );
}
