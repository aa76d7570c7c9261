import { useEffect, useState } from 'react';
import { activity as t } from '../../i18n/zh-CN/activity';
import type { BlockProps } from '../../runtime/block-api';
import type { ActivityReferrerProps } from './props.gen';
import { referralOf } from './referral';
import './activity-referrer.css';

/**
 * 「张*」邀请你一起参加活动: the referrer of a referral link, poster or QR code, and the attribution kept for the first
 * login (not logged in) or the invite accepted now (logged in).
 */
export default function ActivityReferrerBlock({ props, env, scope }: BlockProps<ActivityReferrerProps>) {
  const referral = referralOf(props);
  const loggedIn = Boolean((scope.auth as { hasLogin?: unknown } | undefined)?.hasLogin);
  const [name, setName] = useState<string | null>(null);
  const key = referral ? `${referral.activityId}:${referral.referrerId}:${referral.source}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the referral is named by its key; the login state decides the call.
  useEffect(() => {
    if (!referral) return;
    let live = true;
    const { activityId, referrerId, source } = referral;
    void env.call('activity.attribution', { id: activityId, referrer_id: referrerId, source }).then((res) => {
      if (!live || res.status !== 0 || !res.data) return;
      setName(res.data.referrer.nickname);
      if (!loggedIn) env.session.keepAttribution({ ticket: res.data.ticket, expiresAt: res.data.expires_at });
    });
    // A logged-in new user accepts at once; anyone else is refused by the server, silently here.
    if (loggedIn) void env.call('activity.invite', { id: activityId, referrer_id: referrerId, fromActivity: source });
    return () => {
      live = false;
    };
  }, [key, loggedIn]);
  if (!referral || name === null) return null;
  return (
    <section className="activity-referrer" data-testid="activity-referrer">
      <span className="ar-avatar" aria-hidden="true">
        {[...name][0] ?? '友'}
      </span>
      <p className="ar-text">
        <b>{t.referrerName(name)}</b>
        <span>{props.text || t.referrerInvites}</span>
      </p>
    </section>
  );
}
