import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import ActivityReferrerBlock from './ActivityReferrerBlock';
import { referralOf } from './referral';

describe('referralOf', () => {
  it('reads the activity, the referrer and the source from route and query strings', () => {
    expect(referralOf({ activityId: '1001', referrerId: '12', source: 'poster' })).toEqual({
      activityId: 1001,
      referrerId: 12,
      source: 'poster',
    });
    expect(referralOf({ activityId: 1003, referrerId: 7 })).toEqual({ activityId: 1003, referrerId: 7, source: 'link' });
    expect(referralOf({ activityId: 1003, referrerId: 7, source: 'sms' })?.source).toBe('link');
  });
  it('is no referral without a positive referrer or activity, or with an unresolved template', () => {
    expect(referralOf({ activityId: 1001, referrerId: '' })).toBeNull();
    expect(referralOf({ activityId: 1001, referrerId: '0' })).toBeNull();
    expect(referralOf({ activityId: 1001, referrerId: '-3' })).toBeNull();
    expect(referralOf({ activityId: 1001, referrerId: '12abc' })).toBeNull();
    expect(referralOf({ activityId: '', referrerId: 12 })).toBeNull();
  });
});

describe('activity-referrer block', () => {
  it('shows nothing until the server has named the referrer (never a made-up name)', () => {
    const { blockProps } = fakeBlockProps('activity-referrer', { activityId: 1001, referrerId: 12 });
    expect(renderToStaticMarkup(<ActivityReferrerBlock {...blockProps} />)).toBe('');
  });
});
