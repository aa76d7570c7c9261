import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n';
import { type BlockProps, MarkdownText, useNearScreen } from '../../runtime/block-api';
import type { RuleTextProps } from './props.gen';
import './rule-text.css';

/** Heading to show: the default when unset, none when set to ''. */
export function ruleTitle(title: string | undefined): string {
  return title ?? i18n.contentBlocks.rulesTitle;
}

/** The lines the rules take before they are drawn (their space is kept, so nothing below jumps when they arrive). */
export function placeholderLines(content: string): number {
  return content === '' ? 0 : content.split('\n').filter((line) => line.trim() !== '').length;
}

/** Tells its parent that the Markdown around it has been drawn (it mounts with the lazy text, not before). */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useLayoutEffect(onDrawn, [onDrawn]);
  return null;
}

/**
 * Activity rules (GitHub-flavoured Markdown, raw HTML and unsafe links dropped: the article options); collapsible to
 * 3 lines. With `html` (the server's rendering of the same text, e.g. activity.detail's rule_html) it is set as it is
 * and drawn at once. Otherwise the Markdown renderer (a lazy chunk) is fetched and run only when the block comes
 * within a screen of the viewport (rules sit low on a page); until then the block keeps the space of its lines.
 */
export default function RuleTextBlock({ props }: BlockProps<RuleTextProps>) {
  const collapsible = props.collapsible === true;
  const [collapsed, setCollapsed] = useState(collapsible);
  // Whether the collapsed text is cut off; until measured (and on the server) assume it is.
  const [cut, setCut] = useState(true);
  const [drawn, setDrawn] = useState(false);
  const section = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const near = useNearScreen(section);
  const content = typeof props.content === 'string' ? props.content : '';
  const html = typeof props.html === 'string' && props.html !== '' ? props.html : null;
  const onDrawn = useCallback(() => setDrawn(true), []);
  const shown = html !== null || drawn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the content changes or is drawn.
  useEffect(() => {
    const el = body.current;
    if (el && shown && collapsible && collapsed) setCut(el.scrollHeight > el.clientHeight + 1);
  }, [collapsible, collapsed, content, html, shown]);

  const title = ruleTitle(props.title);
  const folded = collapsible && collapsed;
  const lines = Math.min(placeholderLines(content), folded ? 3 : Number.POSITIVE_INFINITY);
  const placeholder = <div className="bk-rules-pending" aria-busy="true" style={{ height: `${lines * 1.8}em` }} />;
  return (
    <section ref={section} className={`bk-rules bk-rules-${props.variant ?? 'card'}`} data-testid="rule-text">
      {title ? <h2 className="bk-rules-title">{title}</h2> : null}
      {html !== null ? (
        <div
          ref={body}
          className={folded ? 'bk-rules-body bk-rules-folded' : 'bk-rules-body'}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's output of the article Markdown renderer (raw HTML and unsafe URLs dropped), never user HTML
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <div ref={body} className={folded ? 'bk-rules-body bk-rules-folded' : 'bk-rules-body'}>
          {content && near ? (
            <Suspense fallback={placeholder}>
              <MarkdownText content={content} />
              <Drawn onDrawn={onDrawn} />
            </Suspense>
          ) : content ? (
            placeholder
          ) : null}
        </div>
      )}
      {collapsible && (cut || !collapsed) ? (
        <button className="bk-rules-toggle" aria-expanded={!collapsed} onClick={() => setCollapsed((c) => !c)}>
          {collapsed ? i18n.contentBlocks.expand : i18n.contentBlocks.collapse}
        </button>
      ) : null}
    </section>
  );
}
