/**
 * When the app may start: after the browser has shown the server's first screen (the skeleton, an article's text, the
 * lead picture), so evaluating the app's few hundred KB of script never holds that paint back.
 *
 * - the first contentful paint has been presented (Paint Timing), or a frame has passed where the browser has no
 *   Paint Timing;
 * - a lead picture in the HTML (`img.sk-lead`, src/server/client/skeleton.ts) has loaded and had a frame to paint in;
 * - never longer than the caps below (a slow picture must not keep the page from working), and not at all in a
 *   hidden tab (it paints nothing until shown).
 * Then the preloads the HTML kept inert (src/protocol/after-paint.ts) go into the document and download.
 */

import { AFTER_PAINT_ID } from '../protocol/after-paint';

/** The longest wait for the first paint to be reported. */
export const PAINT_CAP_MS = 1000;
/** The longest wait for the lead picture, from the start. */
export const LEAD_IMAGE_CAP_MS = 1500;

export interface PaintEnv {
  PerformanceObserver?: typeof PerformanceObserver;
  requestAnimationFrame?: (cb: () => void) => unknown;
  setTimeout: (cb: () => void, ms: number) => unknown;
  MessageChannel?: typeof MessageChannel;
}

/**
 * A new task: what follows runs after the browser had a chance to handle input and paint. A message on a channel
 * where there is one (nested timeouts are held back to 4 ms each after the fifth).
 */
export function nextTask(env: PaintEnv = globalThis): Promise<void> {
  return new Promise((resolve) => {
    if (!env.MessageChannel) {
      env.setTimeout(resolve, 0);
      return;
    }
    const channel = new env.MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** One frame rendered, then a task after it (the frame is then painted). */
function nextFrame(env: PaintEnv): Promise<void> {
  return new Promise((resolve) => {
    if (env.requestAnimationFrame) env.requestAnimationFrame(() => env.setTimeout(resolve, 0));
    else env.setTimeout(resolve, 0);
  });
}

function firstPaint(env: PaintEnv): Promise<void> {
  const Observer = env.PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('paint')) return nextFrame(env);
  return new Promise((resolve) => {
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      env.setTimeout(resolve, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
    env.setTimeout(() => {
      observer.disconnect();
      resolve();
    }, PAINT_CAP_MS);
  });
}

function leadImageShown(doc: Document, env: PaintEnv): Promise<void> {
  const img = doc.querySelector<HTMLImageElement>('img.sk-lead');
  if (!img || img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve(nextFrame(env));
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
    env.setTimeout(resolve, LEAD_IMAGE_CAP_MS);
  });
}

export async function afterFirstScreenPainted(doc: Document, env: PaintEnv = globalThis): Promise<void> {
  if (doc.visibilityState !== 'hidden') await Promise.all([firstPaint(env), leadImageShown(doc, env)]);
  await fetchWhatWaited(doc, env);
}

/** Preloads put into the document per task: each one starts a fetch (about 10 ms of main thread at 4× slowdown). */
export const PRELOADS_PER_TASK = 1;

/**
 * The preloads the HTML kept until now (src/protocol/after-paint.ts), put into the document in the template's order
 * (the app's chunks, then the page's), a few per task so no task grows long: they download from now on.
 */
export async function fetchWhatWaited(doc: Document, env: PaintEnv = globalThis): Promise<void> {
  const template = doc.getElementById(AFTER_PAINT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  const links = [...template.content.children];
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask(env);
    doc.head.append(...links.slice(i, i + PRELOADS_PER_TASK));
  }
}
