import type { ReactNode } from 'react';
import { type BlockProps, isExternal, Link } from '../../runtime/block-api';
import { type GridEntry, gridColumns, gridItems, isImageIcon } from './grid';
import './grid.css';
import { isLineIcon, LineIcon } from './line-icons';
import type { GridProps } from './props.gen';

function face(item: GridEntry): ReactNode {
  return (
    <>
      <span className="bk-grid-icon">
        {isLineIcon(item.icon) ? (
          <LineIcon icon={item.icon} />
        ) : isImageIcon(item.icon) ? (
          <img src={item.icon} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="bk-grid-text-icon">{item.icon.slice(0, 2) || item.title.slice(0, 1)}</span>
        )}
        {item.badge ? <span className="bk-grid-badge">{item.badge}</span> : null}
      </span>
      <span className="bk-grid-title">{item.title}</span>
      {item.subtitle ? <span className="bk-grid-subtitle">{item.subtitle}</span> : null}
    </>
  );
}

/** A grid of entries; a tapped entry runs its actions (item and index in scope) or opens its `to`. */
export default function GridBlock({ props, scope, run }: BlockProps<GridProps>) {
  const items = gridItems(props.items, scope);
  if (items.length === 0) return null;
  const columns = gridColumns(props.columns);
  return (
    <ul className={`bk-grid bk-grid-${columns}`} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }} data-testid="grid">
      {items.map((item, index) => {
        const actions = item.actions;
        const to = typeof item.to === 'string' ? item.to.trim() : '';
        let cell: ReactNode;
        if (actions?.length) {
          cell = (
            <button className="bk-grid-cell" onClick={() => void run(actions, { item, index })}>
              {face(item)}
            </button>
          );
        } else if (to && isExternal(to)) {
          cell = (
            <a className="bk-grid-cell" href={to}>
              {face(item)}
            </a>
          );
        } else if (to) {
          cell = (
            <Link className="bk-grid-cell" to={to}>
              {face(item)}
            </Link>
          );
        } else {
          cell = <div className="bk-grid-cell">{face(item)}</div>;
        }
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; their order is fixed by the config.
        return <li key={index}>{cell}</li>;
      })}
    </ul>
  );
}
