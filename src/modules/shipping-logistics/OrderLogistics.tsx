/** `order-logistics`: the parcels of one physical order item — state, carrier, tracking number, timeline of events. */
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { ParcelView } from '../../contract/shipping';
import { chinaDateTime } from '../../format/order';
import { i18n } from '../../i18n';
import { orderLogistics as t } from '../../i18n/zh-CN/order-logistics';
import { type BlockProps, type Env, Link, type OutputOfId } from '../../runtime/block-api';
import type { OrderLogisticsProps } from './props.gen';
import './order-logistics.css';

/** The order and its items as `order.detail` answers them (the orders area's shapes, through the block API). */
type OrderView = OutputOfId<'order.detail'>;
type OrderItem = OrderView['items'][number];

interface Loaded {
  order: OrderView;
  item: OrderItem;
  parcels: ParcelView[];
}
type LoadState = { kind: 'loading' } | { kind: 'ok'; value: Loaded } | { kind: 'error'; code: number; msg: string };

/** Unix seconds → '11-24 22:05' (China time). */
export function eventTime(seconds: number): string {
  return chinaDateTime(seconds).slice(5);
}

async function copyNo(env: Env, text: string) {
  env.toast((await env.copy(text)) ? i18n.runtime.copyOk : i18n.runtime.copyFailed);
}

function Empty({ title, text, testId, children }: { title: string; text: string; testId: string; children?: ReactNode }) {
  return (
    <section className="lg-empty" data-testid={testId}>
      <div className="lg-empty-icon" aria-hidden="true" />
      <h2>{title}</h2>
      <p>{text}</p>
      {children ? <div className="lg-empty-actions">{children}</div> : null}
    </section>
  );
}

function Timeline({ parcel, address }: { parcel: ParcelView; address: OrderView['address'] }) {
  const failed = parcel.notice !== '' && parcel.updated_at === 0;
  return (
    <section className={`lg-card lg-track lg-track-${parcel.state_code}`} aria-label={t.track}>
      {parcel.notice ? (
        <p className="lg-notice" role="status" data-testid="logistics-notice">
          {parcel.notice}
        </p>
      ) : null}
      <ol className="lg-timeline" data-testid="logistics-timeline">
        {address ? (
          <li className="lg-node lg-node-address">
            <span className="lg-dot lg-dot-address" aria-hidden="true">
              {t.receiver}
            </span>
            <p className="lg-text">
              <strong>{address.name}</strong> {address.mobile}
            </p>
            <p className="lg-text lg-address">{address.full_address}</p>
          </li>
        ) : null}
        {parcel.events.map((e, i) => (
          <li key={`${e.time}:${e.text}`} className={`lg-node${i === 0 ? ' lg-node-latest' : ''}`} data-testid="logistics-event">
            <span className="lg-dot" aria-hidden="true" />
            {i === 0 ? <p className="lg-node-state">{parcel.state}</p> : null}
            <p className="lg-text">{e.text}</p>
            <time className="lg-time" dateTime={new Date(e.time * 1000).toISOString()}>
              {eventTime(e.time)}
            </time>
          </li>
        ))}
      </ol>
      {parcel.events.length === 0 && !failed ? (
        <div className="lg-none" data-testid="logistics-no-events">
          <p className="lg-none-title">{t.noTrackTitle}</p>
          <p>{t.noTrackText}</p>
        </div>
      ) : null}
    </section>
  );
}

function ItemRow({ item }: { item: OrderItem }) {
  return (
    <div className="lg-item" data-testid="logistics-item">
      {item.cover ? <img src={item.cover} alt="" className="lg-cover" width={56} height={56} /> : <span className="lg-cover" />}
      <div className="lg-item-main">
        <p className="lg-item-name">{item.name}</p>
        <p className="lg-item-qty">{t.qty(item.quantity)}</p>
      </div>
    </div>
  );
}

function Parcel({ env, parcel, item, address }: { env: Env; parcel: ParcelView; item: OrderItem; address: OrderView['address'] }) {
  const failed = parcel.notice !== '' && parcel.updated_at === 0;
  return (
    <div data-testid="logistics-parcel" data-state={parcel.state_code}>
      <header className={`lg-status lg-status-${failed ? 'unknown' : parcel.state_code}`}>
        <h2 data-testid="logistics-state">{failed ? t.shippedTitle : parcel.state}</h2>
        <p>
          {t.shippedAt(chinaDateTime(parcel.shipped_at))}
          {parcel.updated_at ? ` · ${t.updatedAt(eventTime(parcel.updated_at))}` : ''}
        </p>
      </header>
      <section className="lg-card lg-rows">
        <ItemRow item={item} />
        <div className="lg-row">
          <span className="lg-label">{t.company}</span>
          <span className="lg-value" data-testid="logistics-company">
            {parcel.company}
          </span>
        </div>
        <div className="lg-row">
          <span className="lg-label">{t.trackingNo}</span>
          <span className="lg-value">
            <span data-testid="logistics-no">{parcel.tracking_no}</span>
            <button type="button" className="lg-copy" onClick={() => void copyNo(env, parcel.tracking_no)}>
              {t.copy}
            </button>
          </span>
        </div>
      </section>
      <Timeline parcel={parcel} address={address} />
    </div>
  );
}

/** `/order/logistics/:orderId/:orderGoodId` (auth required). */
export default function OrderLogistics({ props, env }: BlockProps<OrderLogisticsProps>) {
  const orderId = String(props.orderId ?? '');
  const itemId = String(props.orderGoodId ?? '');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [tab, setTab] = useState(0);

  const load = useCallback(async () => {
    const [o, p] = await Promise.all([
      env.call('order.detail', { id: orderId as unknown as number }),
      env.call('order.express_package', { order_goods_id: itemId as unknown as number }),
    ]);
    if (o.status !== 0 || !o.data) return setState({ kind: 'error', code: o.code, msg: o.msg });
    const item = o.data.items.find((i) => String(i.id) === itemId);
    if (!item) return setState({ kind: 'error', code: 4004, msg: t.notFoundText });
    if (p.status !== 0 || !p.data) return setState({ kind: 'error', code: p.code, msg: p.msg });
    setState({ kind: 'ok', value: { order: o.data, item, parcels: p.data } });
  }, [env, orderId, itemId]);

  useEffect(() => {
    setState({ kind: 'loading' });
    setTab(0);
    void load();
  }, [load]);

  if (state.kind === 'loading') return <div className="lg-loading" aria-busy="true" />;
  if (state.kind === 'error') {
    const gone = state.code === 4004 || state.code === 4000;
    return (
      <Empty testId="logistics-error" title={gone ? t.notFoundTitle : t.loadFailed} text={state.msg || t.notFoundText}>
        {gone ? null : (
          <button type="button" className="lg-btn" onClick={() => void load()}>
            {t.retry}
          </button>
        )}
        <Link to="/order/list" className="lg-btn lg-btn-primary">
          {t.toOrders}
        </Link>
      </Empty>
    );
  }

  const { order, item, parcels } = state.value;
  const toOrder = (
    <Link to={`/order/detail/${order.id}`} className="lg-btn lg-btn-primary">
      {t.toOrder}
    </Link>
  );
  let body: ReactNode;
  if (parcels.length > 0) {
    const current = parcels[Math.min(tab, parcels.length - 1)] as ParcelView;
    body = (
      <>
        {parcels.length > 1 ? (
          <div className="lg-tabs" role="tablist" aria-label={t.parcels}>
            {parcels.map((p, i) => (
              <button
                key={p.id}
                type="button"
                role="tab"
                aria-selected={i === tab}
                className={`lg-tab${i === tab ? ' lg-tab-on' : ''}`}
                onClick={() => setTab(i)}
              >
                {t.parcel(i + 1)}
              </button>
            ))}
          </div>
        ) : null}
        <Parcel key={current.id} env={env} parcel={current} item={item} address={order.address} />
      </>
    );
  } else if (item.kind !== 'physical') {
    body = (
      <>
        <section className="lg-card">
          <ItemRow item={item} />
        </section>
        <Empty testId="logistics-not-physical" title={t.notPhysicalTitle} text={t.notPhysicalText}>
          {toOrder}
        </Empty>
      </>
    );
  } else if (order.status === 'pending') {
    body = (
      <>
        <section className="lg-card">
          <ItemRow item={item} />
        </section>
        <Empty testId="logistics-unpaid" title={t.unpaidTitle} text={t.unpaidText}>
          {toOrder}
        </Empty>
      </>
    );
  } else if (order.status === 'close') {
    body = (
      <>
        <section className="lg-card">
          <ItemRow item={item} />
        </section>
        <Empty testId="logistics-closed" title={t.closedTitle} text={t.closedText}>
          {toOrder}
        </Empty>
      </>
    );
  } else {
    body = (
      <>
        <section className="lg-card">
          <ItemRow item={item} />
        </section>
        <Empty testId="logistics-not-shipped" title={t.notShippedTitle} text={t.notShippedText}>
          {toOrder}
        </Empty>
      </>
    );
  }
  return (
    <div className="lg" data-testid="order-logistics">
      {body}
    </div>
  );
}
