import { i18n } from '../../i18n';
import { type BlockProps, Link } from '../../runtime/block-api';
import './container.css';
import type { ContainerProps } from './props.gen';

/** Inner padding in px: the prop, else 12 for a card and 0 otherwise. */
export function containerPadding(variant: ContainerProps['variant'], padding: number | undefined): number {
  if (typeof padding === 'number' && Number.isFinite(padding) && padding >= 0) return padding;
  return (variant ?? 'card') === 'card' ? 12 : 0;
}

function MoreLink({ text, to }: { text: string; to: string }) {
  const label = (
    <>
      {text}
      <span aria-hidden="true"> ›</span>
    </>
  );
  return /^https?:\/\//i.test(to) ? (
    <a className="bk-container-more" href={to}>
      {label}
    </a>
  ) : (
    <Link className="bk-container-more" to={to}>
      {label}
    </Link>
  );
}

/** A section wrapping its child blocks, with an optional title row and a 更多 link. */
export default function ContainerBlock({ props, children }: BlockProps<ContainerProps>) {
  const variant = props.variant ?? 'card';
  const more = props.more?.to ? props.more : undefined;
  return (
    <section
      className={`bk-container bk-container-${variant}`}
      style={{ padding: containerPadding(variant, props.padding) }}
      data-testid="container"
    >
      {props.title || more ? (
        <header className="bk-container-head">
          {props.title ? <h2 className="bk-container-title">{props.title}</h2> : <span />}
          {more ? <MoreLink text={more.text || i18n.contentBlocks.more} to={more.to} /> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
