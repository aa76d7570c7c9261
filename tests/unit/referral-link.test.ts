import { describe, expect, it } from 'vitest';
import { referralInUrl } from '../../src/app/referral-link';

const at = (path: string) => referralInUrl(`https://beikao.example${path}`);

describe('the referral in a landing URL', () => {
  it('reads every landing shape the server links to', () => {
    expect(at('/activity/detail/1001?referrer_id=12&from=poster')).toEqual({ activityId: 1001, referrerId: 12, source: 'poster' });
    expect(at('/activity/invite_download?activity_id=1002&referrer_id=12')).toEqual({ activityId: 1002, referrerId: 12, source: 'link' });
    expect(at('/activity/reciprocity/receive/1003/12?from=qr')).toEqual({ activityId: 1003, referrerId: 12, source: 'qr' });
    expect(at('/activity/vip/12?activity_id=1004&from=poster')).toEqual({ activityId: 1004, referrerId: 12, source: 'poster' });
    expect(at('/activity/task-invite/12/1001')).toEqual({ activityId: 1001, referrerId: 12, source: 'link' });
  });
  it('finds none where there is no referrer, no activity, or not an activity page', () => {
    expect(at('/activity/detail/1001')).toBeNull();
    expect(at('/activity/vip/12')).toBeNull();
    expect(at('/activity/vip/receive?activity_id=1004')).toBeNull();
    expect(at('/activity/reciprocity/pick/1003')).toBeNull();
    expect(at('/activity/detail/abc?referrer_id=12')).toBeNull();
    expect(at('/activity/detail/1001?referrer_id=0')).toBeNull();
    expect(at('/news/detail/1?referrer_id=12&activity_id=1001')).toBeNull();
    expect(referralInUrl('not a url')).toBeNull();
  });
  it('an unknown source counts as a link', () => {
    expect(at('/activity/detail/1001?referrer_id=12&from=share')?.source).toBe('link');
  });
});
