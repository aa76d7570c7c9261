import { useEffect, useRef } from 'react';
import { isSiteLink } from '../../protocol/markdown/links';
import { type BlockProps, MarkdownText } from '../../runtime/block-api';
import './markdown.css';
import type { MarkdownProps } from './props.gen';

/**
 * Article body. With `html` (the server's rendering of the same Markdown with the same options, `content_html`) it is
 * set as it is and the Markdown renderer is never loaded; without it, `content` is rendered on the client
 * (MarkdownText from the block API: react-markdown in lazy chunks, never in this block's chunk, which the server
 * preloads for a news page). Either way links are plain `<a href>`; a click on a site link (`/…`, not `//…`) becomes a router
 * navigation, as the runtime's Link does. Raw HTML in the Markdown is dropped by the renderer on both ends (`skipHtml`).
 */
export default function MarkdownBlock({ props, env }: BlockProps<MarkdownProps>) {
  const html = typeof props.html === 'string' && props.html !== '' ? props.html : null;
  const content = typeof props.content === 'string' ? props.content : '';
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = body.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || !el.contains(a) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const href = a.getAttribute('href');
      if (!isSiteLink(href)) return;
      e.preventDefault();
      env.navigate(href);
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [env]);

  return (
    <article className="bk-md" data-testid="markdown">
      {props.title ? <h1 className="bk-md-title">{props.title}</h1> : null}
      {props.meta ? <p className="bk-md-meta">{props.meta}</p> : null}
      {html !== null ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's output of the same Markdown renderer (raw HTML and unsafe URLs dropped), never user HTML
        <div ref={body} className="bk-md-body" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div ref={body} className="bk-md-body">
          {content ? <MarkdownText content={content} /> : null}
        </div>
      )}
    </article>
  );
}
