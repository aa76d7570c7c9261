import { useRef } from 'react';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { ListFooter } from './ListFooter';
import type { ListProps } from './props.gen';
import './list.css';

/** Generic list: items from a data source drawn by an item template; paged sources get the list footer. */
export default function ListBlock({ props, page, renderBlocks, run }: BlockProps<ListProps>) {
  const [name = '', ...path] = props.source.split('.');
  const source = page.source(name);
  const picked = path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), source?.data);
  const all = Array.isArray(picked) ? picked : [];
  const items = props.limit ? all.slice(0, props.limit) : all;
  const template = props.item;
  const actions = props.itemActions;
  const itemsRef = useRef<HTMLUListElement>(null);
  return (
    <section className={`list-block list-${props.layout ?? 'list'}`} data-testid={`list-${props.source}`}>
      <ul ref={itemsRef}>
        {items.map((item, index) => (
          <li
            key={(item as { id?: number | string })?.id ?? index}
            className={actions ? 'tappable' : undefined}
            onClick={actions ? () => void run(actions, { item, index }) : undefined}
          >
            {renderBlocks(template, { item, index })}
          </li>
        ))}
      </ul>
      {source?.paged ? (
        <ListFooter
          state={{ items, loading: source.loading, loaded: source.loaded, error: source.error }}
          onLoadMore={() => page.loadMore(name)}
          loadedText={props.loadedText}
          emptyText={props.emptyText}
          tapToLoad={props.tapToLoad}
          itemsRef={itemsRef}
        />
      ) : source?.loaded && items.length === 0 ? (
        <div className="list-footer" data-state="no-data">
          {props.emptyText ?? i18n.listFooter.noData}
        </div>
      ) : null}
    </section>
  );
}
