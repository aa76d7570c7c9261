import type { ReactNode } from 'react';
import { type BlockProps, Link } from '../../runtime/block-api';
import type { CardItemProps } from './props.gen';
import './card-item.css';

/** A list row: text on the left, thumbnail on the right; a link when `to` is set. */
export default function CardItemBlock({ props }: BlockProps<CardItemProps>) {
  const body: ReactNode = (
    <>
      <div className="card-item-text">
        <h3 style={{ WebkitLineClamp: props.lines ?? 2 }}>
          {props.badge ? <span className="card-item-badge">{props.badge}</span> : null}
          {props.title}
        </h3>
        {props.summary ? <p className="card-item-summary">{props.summary}</p> : null}
        {props.meta ? <p className="card-item-meta">{props.meta}</p> : null}
      </div>
      {props.image ? <img src={props.image} alt="" width={96} height={64} loading="lazy" /> : null}
    </>
  );
  return props.to ? (
    <Link className="card-item" to={props.to}>
      {body}
    </Link>
  ) : (
    <div className="card-item">{body}</div>
  );
}
