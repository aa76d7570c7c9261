import { useEffect, useRef, useState } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import type { RuleTextProps } from './props.gen';
import './rule-text.css';

/** Heading to show: the default when unset, none when set to ''. */
export function ruleTitle(title: string | undefined): string {
  return title ?? i18n.contentBlocks.rulesTitle;
}

const REMARK = [remarkGfm];

/** Activity rules (GitHub-flavoured Markdown, raw HTML dropped); collapsible to 3 lines. */
export default function RuleTextBlock({ props }: BlockProps<RuleTextProps>) {
  const collapsible = props.collapsible === true;
  const [collapsed, setCollapsed] = useState(collapsible);
  // Whether the collapsed text is cut off; until measured (and on the server) assume it is.
  const [cut, setCut] = useState(true);
  const body = useRef<HTMLDivElement>(null);
  const content = typeof props.content === 'string' ? props.content : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the content changes.
  useEffect(() => {
    const el = body.current;
    if (el && collapsible && collapsed) setCut(el.scrollHeight > el.clientHeight + 1);
  }, [collapsible, collapsed, content]);

  const title = ruleTitle(props.title);
  const folded = collapsible && collapsed;
  return (
    <section className={`bk-rules bk-rules-${props.variant ?? 'card'}`} data-testid="rule-text">
      {title ? <h2 className="bk-rules-title">{title}</h2> : null}
      <div ref={body} className={folded ? 'bk-rules-body bk-rules-folded' : 'bk-rules-body'}>
        <Markdown skipHtml remarkPlugins={REMARK}>
          {content}
        </Markdown>
      </div>
      {collapsible && (cut || !collapsed) ? (
        <button className="bk-rules-toggle" aria-expanded={!collapsed} onClick={() => setCollapsed((c) => !c)}>
          {collapsed ? i18n.contentBlocks.expand : i18n.contentBlocks.collapse}
        </button>
      ) : null}
    </section>
  );
}
