import { useMemo } from 'react';
import { i18n } from '../../i18n';
import type { BlockNode, BlockProps } from '../../runtime/block-api';
import type { ResultProps } from './props.gen';
import { StatusIcon } from './StatusIcon';
import './result.css';

/** The button-bar node that draws a result's buttons (composed through the block tree, not imported). */
export function buttonsNode(buttons: ResultProps['buttons']): BlockNode[] | undefined {
  const [first, ...rest] = buttons ?? [];
  return first ? [{ type: 'button-bar', props: { buttons: [first, ...rest], layout: 'column' } }] : undefined;
}

/** A result or empty state: icon or image, title, text, and optional buttons. */
export default function ResultBlock({ props, renderBlocks }: BlockProps<ResultProps>) {
  const nodes = useMemo(() => buttonsNode(props.buttons), [props.buttons]);
  const title = props.title ?? (props.status === 'empty' ? '' : i18n.activityBlocks.resultTitle[props.status]);
  const text = props.text ?? (props.status === 'empty' && !props.title ? i18n.activityBlocks.resultTitle.empty : '');
  return (
    <section className={`result-block result-${props.status}`} data-testid={`result-${props.status}`}>
      {props.image ? <img className="result-image" src={props.image} alt="" /> : <StatusIcon status={props.status} />}
      {title ? <h2 className="result-title">{title}</h2> : null}
      {text ? <p className="result-text">{text}</p> : null}
      {nodes ? <div className="result-actions">{renderBlocks(nodes)}</div> : null}
    </section>
  );
}
