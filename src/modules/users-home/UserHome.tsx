import { useEffect, useRef } from 'react';
import type { UserStatistics, VipInfo } from '../../contract/users-center';
import { i18n } from '../../i18n';
import { type BlockProps, type Env, Link, useCall } from '../../runtime/block-api';
import { examOf } from '../shared/scope';
import type { UserHomeProps } from './props.gen';
import './user-home.css';
import { userCenter } from '../../i18n/zh-CN/user-center';

const t = userCenter;

/** Unix seconds → 2026-12-31 (China time). */
export function chinaDate(seconds: number): string {
  return new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 10);
}

/** The statistics row: label, value and where a tap goes. */
export function statCells(s: UserStatistics | null): { key: string; label: string; value: number | string; to: string }[] {
  const v = (n: number | undefined) => (s ? (n ?? 0) : '-');
  return [
    { key: 'orders', label: t.stats.orders, value: v(s?.order_count), to: '/user/order' },
    { key: 'collections', label: t.stats.collections, value: v(s?.collection_count), to: '/user/collections' },
    { key: 'unread', label: t.stats.unread, value: v(s?.unread_message_count), to: '/message/index' },
    { key: 'courses', label: t.stats.courses, value: v(s?.course_count), to: '/user/course' },
    { key: 'questions', label: t.stats.questions, value: v(s?.question_done_count), to: '/user/question' },
    { key: 'days', label: t.stats.days, value: v(s?.study_days), to: '' },
  ];
}

export function VipCard({ vip }: { vip: VipInfo }) {
  return (
    <section className="uh-vip" data-testid="vip-card">
      <div className="uh-vip-head">
        <strong>{vip.name}</strong>
        <span>{t.vipScope(vip.scope)}</span>
      </div>
      <p className="uh-vip-until">{t.vipUntil(chinaDate(vip.expires_at), vip.days_left)}</p>
      {vip.benefits.length ? (
        <ul>
          {vip.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * Asks first; then ends the session on the server and leaves for home. `leaving` runs just before
 * the navigation (the token is dropped once the page is gone, see UserHome). True when the user left.
 */
export async function logoutAfterConfirm(env: Env, leaving: () => void): Promise<boolean> {
  if (!(await env.confirm({ text: t.logoutConfirm, okText: i18n.user.logout, cancelText: t.cancel, danger: true }))) return false;
  await env.call('user.logout', {});
  leaving();
  env.navigate('/', { replace: true });
  return true;
}

/** Forgets the session on this device and says so. */
export function endSession(env: Env): void {
  env.session.logout();
  env.toast(i18n.user.loggedOut);
}

/**
 * `/user/home` (auth required): profile, VIP membership (when the user has one for the chosen
 * subject), statistics, the page config's entry blocks (children) and logout.
 */
export default function UserHome({ children, env, scope }: BlockProps<UserHomeProps>) {
  const exam = examOf(scope);
  const info = useCall('user.base_info', {});
  const stats = useCall('user_center.statistics', {});
  const vip = useCall('user_center.vip_info', { genus_id: exam.genus_id ?? undefined, category_id: exam.category_id ?? undefined });
  // Leave first and drop the token once this page is gone: the router changes location in a transition,
  // so clearing the token while this auth-only page is still on screen would send its guard to login.
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (leaving.current) endSession(env);
    },
    [env],
  );
  const isVip = vip.data?.is_vip === 1;
  return (
    <div className="user-home">
      <section className="uh-profile" data-testid="user-info">
        <span className="uh-avatar" aria-hidden="true">
          {info.data?.nickname.slice(0, 1) ?? ''}
        </span>
        <div className="uh-who">
          <h2>
            {info.data?.nickname ?? ''}
            {isVip ? <span className="uh-vip-badge">{t.vipBadge}</span> : null}
          </h2>
          {info.data ? (
            <p>
              {i18n.user.mobile} {info.data.mobile}
            </p>
          ) : null}
        </div>
      </section>
      {isVip && vip.data ? <VipCard vip={vip.data} /> : null}
      <ul className="uh-stats" data-testid="user-stats">
        {statCells(stats.data).map((c) => (
          <li key={c.key} data-stat={c.key}>
            {c.to ? (
              <Link to={c.to}>
                <strong>{c.value}</strong>
                <span>{c.label}</span>
              </Link>
            ) : (
              <div>
                <strong>{c.value}</strong>
                <span>{c.label}</span>
              </div>
            )}
          </li>
        ))}
      </ul>
      {children}
      <button
        type="button"
        className="uh-logout"
        data-testid="logout"
        onClick={() =>
          void logoutAfterConfirm(env, () => {
            leaving.current = true;
          })
        }
      >
        {i18n.user.logout}
      </button>
    </div>
  );
}
