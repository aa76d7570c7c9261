import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { type BlockProps, Link } from '../../runtime/block-api';
import './markdown.css';
import type { MarkdownProps } from './props.gen';

/** Site paths go through the router; everything else (http(s), mailto, #anchors) is a plain link. */
export const markdownComponents: Components = {
  a: ({ href, children, node: _node, ...rest }) =>
    href?.startsWith('/') && !href.startsWith('//') ? (
      <Link to={href} {...rest}>
        {children}
      </Link>
    ) : (
      <a href={href} {...rest}>
        {children}
      </a>
    ),
  img: ({ node: _node, alt, ...rest }) => <img alt={alt ?? ''} loading="lazy" decoding="async" {...rest} />,
};

/** GitHub-flavoured Markdown: tables (the agreements' 个人信息收集清单), task lists, strikethrough, autolinks. */
const REMARK = [remarkGfm];

/** Article body from Markdown. `skipHtml` drops raw HTML in the content: that is the sanitization. */
export default function MarkdownBlock({ props }: BlockProps<MarkdownProps>) {
  const content = typeof props.content === 'string' ? props.content : '';
  return (
    <article className="bk-md" data-testid="markdown">
      {props.title ? <h1 className="bk-md-title">{props.title}</h1> : null}
      {props.meta ? <p className="bk-md-meta">{props.meta}</p> : null}
      <div className="bk-md-body">
        <Markdown skipHtml remarkPlugins={REMARK} components={markdownComponents}>
          {content}
        </Markdown>
      </div>
    </article>
  );
}
