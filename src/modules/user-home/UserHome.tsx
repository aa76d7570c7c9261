import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { call } from '../../api';
import { baseInfo, logout } from '../../contract/user';
import { userStatistics, type UserStatistics, type VipInfo, vipInfoEndpoint } from '../../contract/user-center';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { useCall } from '../../runtime/use-call';
import { deleteJwt } from '../../state/auth';
import { examContext } from '../../state/exam-context';
import { showToast } from '../../state/ui';
import type { UserHomeProps } from './props.gen';
import './user-home.css';

const t = i18n.userCenter;

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
 * `/user/home` (auth required): profile, VIP membership (when the user has one for the chosen
 * subject), statistics, the page config's entry blocks (children) and logout.
 */
export default function UserHome({ children }: BlockProps<UserHomeProps>) {
  const navigate = useNavigate();
  const exam = useSnapshot(examContext);
  const info = useCall(baseInfo, {});
  const stats = useCall(userStatistics, {});
  const vip = useCall(vipInfoEndpoint, { genus_id: exam.genus_id ?? undefined, category_id: exam.category_id ?? undefined });
  const [confirming, setConfirming] = useState(false);
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (!leaving.current) return;
      deleteJwt();
      showToast(i18n.user.loggedOut);
    },
    [],
  );
  const isVip = vip.data?.is_vip === 1;

  const doLogout = async () => {
    setConfirming(false);
    await call(logout, {});
    // Leave first and drop the token once this page is gone: the router changes location in a transition,
    // so clearing the token while this auth-only page is still on screen would send its guard to login.
    leaving.current = true;
    navigate('/', { replace: true });
  };
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
      {confirming ? (
        <div className="uh-confirm" role="alertdialog" aria-label={t.logoutConfirm}>
          <p>{t.logoutConfirm}</p>
          <button type="button" onClick={() => setConfirming(false)}>
            {t.cancel}
          </button>
          <button type="button" className="danger" data-testid="logout-confirm" onClick={() => void doLogout()}>
            {i18n.user.logout}
          </button>
        </div>
      ) : (
        <button type="button" className="uh-logout" data-testid="logout" onClick={() => setConfirming(true)}>
          {i18n.user.logout}
        </button>
      )}
    </div>
  );
}
