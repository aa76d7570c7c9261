import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * Static HTML of a tree once every lazy part has loaded (e.g. the markdown block's text path, a lazy chunk), without
 * the streaming renderer's markers (Suspense boundaries, `<!-- -->` between adjacent texts), so it reads as
 * renderToStaticMarkup's output.
 */
export async function renderAll(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html.replace(/<!--(?: |\/?\$[!?]?)-->/g, '');
}
