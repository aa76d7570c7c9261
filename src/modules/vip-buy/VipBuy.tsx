import { useState } from 'react';
import { chinaDay } from '../../format/order';
import { money } from '../../format/time';
import { vipBuy as t } from '../../i18n/zh-CN/order';
import { type BlockProps, type OutputOfId, useCall } from '../../runtime/block-api';
import { examOf } from '../shared/scope';
import type { VipBuyProps } from './props.gen';
import './vip-buy.css';

/** A good as `goods.detail` answers it (the catalog area's shape, through the block API). */
type GoodsItem = OutputOfId<'goods.detail'>;

/** The VIP goods of a goods list: the recommended ones first, then by price. */
export function vipPlans(goods: readonly GoodsItem[]): GoodsItem[] {
  return goods.filter((g) => g.kind === 'vip').sort((a, b) => b.is_recommend - a.is_recommend || a.price - b.price || a.id - b.id);
}

/** A route param that should be a user id → the id, or 0. */
export function referrerOf(raw: unknown): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** `/activity/vip/buy` and `/activity/vip/:referrerId`: choose a VIP plan and go to its order page. */
export default function VipBuy({ props, env, scope }: BlockProps<VipBuyProps>) {
  const exam = examOf(scope);
  const hasLogin = (scope.auth as { hasLogin?: boolean } | undefined)?.hasLogin === true;
  const subject = { genus_id: exam.genus_id ?? undefined, category_id: exam.category_id ?? undefined };
  const goods = useCall('goods.list', { ...subject, offset: 0, limit: 50 });
  const vip = useCall('user_center.vip_info', hasLogin ? subject : null);
  const plans = vipPlans(goods.data ?? []);
  const [picked, setPicked] = useState(0);
  const chosen = plans.find((p) => p.id === picked) ?? plans[0];
  const referrer = referrerOf(props.referrerId);

  return (
    <div className="vb" data-testid="vip-buy">
      {vip.data && vip.data.is_vip === 1 ? (
        <section className="vb-current" data-testid="vip-current">
          <div className="vb-current-head">
            <strong>{vip.data.name}</strong>
            <span>{vip.data.scope}</span>
          </div>
          <p>{t.until(chinaDay(vip.data.expires_at), vip.data.days_left)}</p>
          <p className="vb-current-hint">{t.renewHint}</p>
        </section>
      ) : (
        <section className="vb-hero">
          <h2>{t.heroTitle}</h2>
          <p>{exam.category_name ? t.heroFor(exam.category_name) : t.heroText}</p>
        </section>
      )}

      <h3 className="vb-title">{t.plans}</h3>
      {goods.loading && !plans.length ? <div className="vb-skeleton" aria-busy="true" /> : null}
      {!goods.loading && goods.error ? <p className="vb-empty">{goods.error}</p> : null}
      {!goods.loading && !goods.error && !plans.length ? <p className="vb-empty">{t.none}</p> : null}
      <ul className="vb-plans" aria-label={t.plans}>
        {plans.map((p) => {
          const on = p.id === chosen?.id;
          return (
            <li key={p.id}>
              <button
                type="button"
                aria-pressed={on}
                className={`vb-plan${on ? ' vb-plan-on' : ''}`}
                data-testid="vip-plan"
                onClick={() => setPicked(p.id)}
              >
                {p.is_recommend ? <span className="vb-plan-hot">{t.hot}</span> : null}
                <span className="vb-plan-name">{p.name}</span>
                <span className="vb-plan-days">{t.days(p.vip_days)}</span>
                <span className="vb-plan-price">
                  <span className="vb-plan-now">
                    <small>¥</small>
                    {money(p.price)}
                  </span>
                  {p.display_price > p.price ? <s>¥{money(p.display_price)}</s> : null}
                </span>
                {p.selling_point.length ? (
                  <span className="vb-plan-points">
                    {p.selling_point.map((s) => (
                      <span key={s}>{s}</span>
                    ))}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {chosen ? (
        <div className="vb-bar">
          <span className="vb-bar-price">
            {t.pay} <b>¥{money(chosen.price)}</b>
          </span>
          <button
            type="button"
            className="vb-btn"
            data-testid="vip-open"
            onClick={() => env.navigate(`/activity/vip-buy-determine/${chosen.id}/${referrer}`)}
          >
            {vip.data?.is_vip === 1 ? t.renew : t.open}
          </button>
        </div>
      ) : null}
    </div>
  );
}
