import type { OrderView } from '../../contract/orders';
import { chinaDateTime } from '../../format/order';
import { money } from '../../format/time';
import { order as t } from '../../i18n/zh-CN/order';
import { type BlockProps, Link } from '../../runtime/block-api';
import type { OrderCardProps } from './props.gen';
import './order-card.css';

/** An order of `order.list` drawn as a card; a tap opens `/order/detail/{id}`. */
export default function OrderCard({ props }: BlockProps<OrderCardProps>) {
  const o = props.order as OrderView | undefined;
  if (!o || typeof o !== 'object' || !o.id) return null;
  const count = o.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <Link to={`/order/detail/${o.id}`} className="oc" data-testid="order-card" data-status={o.status}>
      <div className="oc-head">
        <span className="oc-no">
          {t.orderNo} {o.order_no}
        </span>
        <span className={`oc-status oc-status-${o.status}`}>{o.status_text}</span>
      </div>
      <ul className="oc-items">
        {o.items.map((i) => (
          <li key={i.id} className="oc-item">
            {i.cover ? (
              <img src={i.cover} alt="" className="oc-cover" loading="lazy" width={64} height={64} />
            ) : (
              <span className="oc-cover" />
            )}
            <span className="oc-name">{i.name}</span>
            <span className="oc-price">
              <b>¥{money(i.price)}</b>
              <small>{t.qty(i.quantity)}</small>
              {i.refund_status ? (
                <small className={`oc-refund oc-refund-${i.refund_status}`} data-testid="order-card-refund">
                  {i.refund_status_text}
                </small>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <div className="oc-foot">
        <span className="oc-time">{chinaDateTime(o.created_at)}</span>
        <span className="oc-total">
          {t.totalOf(count)} {t.total} <b>¥{money(o.total)}</b>
        </span>
      </div>
    </Link>
  );
}
