import { describe, expect, it } from 'vitest';
import { type ActivityDefinition, phaseAt } from '../../src/server/areas/activities/activity-definition';
import { worseForUsers } from '../../src/server/areas/activities/edit-rules';
import { chinaDay } from '../../src/server/areas/activities/invite-rules';

const START = Date.parse('2026-12-01T00:00:00+08:00');
const END = Date.parse('2027-01-01T00:00:00+08:00');

const base = (): ActivityDefinition =>
  ({
    id: 1,
    slug: 'x',
    file: 'pages-config/_activities/x.json',
    type: 'referral',
    title: '邀请',
    startsAt: '2026-12-01T00:00:00+08:00',
    endsAt: '2027-01-01T00:00:00+08:00',
    startsAtMs: START,
    endsAtMs: END,
    version: 'v1',
    rules: { qualifyBy: 'bound_mobile', dailyCap: 20 },
    prizes: [{ id: 'a', name: '笔记', kind: 'ebook', refId: 1, quantity: 100, threshold: 3 }],
    share: { title: 't', desc: 'd' },
    disclosure: { prizes: 'p', conditions: 'c', claim: 'c', delivery: 'd', organiser: 'o', contact: 'c' },
    ruleText: ['r'],
  }) as ActivityDefinition;

describe('the activity window', () => {
  it('opens at startsAt (inclusive) and closes at endsAt (exclusive), to the millisecond', () => {
    expect(phaseAt(base(), START - 1)).toBe('upcoming');
    expect(phaseAt(base(), START)).toBe('running');
    expect(phaseAt(base(), END - 1)).toBe('running');
    expect(phaseAt(base(), END)).toBe('ended');
  });

  it('counts days in Asia/Shanghai: the daily cap rolls over at 00:00 China time on a UTC clock', () => {
    const midnight = Date.parse('2026-12-02T00:00:00+08:00') / 1000; // 2026-12-01 16:00 UTC
    expect(chinaDay(midnight - 1)).toBe('2026-12-01');
    expect(chinaDay(midnight)).toBe('2026-12-02');
  });
});

describe('edits after the start', () => {
  it('refuses fewer prizes, a higher threshold, an earlier end, a later start, a stricter rule, a removed or swapped prize', () => {
    const old = base();
    const worse = {
      ...old,
      startsAtMs: START + 1000,
      endsAtMs: END - 1000,
      rules: { qualifyBy: 'first_payment', dailyCap: 10 },
      prizes: [{ ...old.prizes[0], quantity: 50, threshold: 5, refId: 2 }],
    } as ActivityDefinition;
    const reasons = worseForUsers(old, worse);
    expect(reasons).toEqual([
      expect.stringContaining('不能更改开始时间'),
      expect.stringContaining('不能提前结束'),
      '活动已开始，不能把奖品「笔记」换成别的内容',
      '活动已开始，不能减少奖品「笔记」的数量（100 → 50）',
      '活动已开始，不能提高奖品「笔记」的门槛（3 → 5）',
      '活动已开始，不能收紧规则 dailyCap（20 → 10）',
      '活动已开始，不能提高好友生效的条件（bound_mobile → first_payment）',
    ]);
    expect(worseForUsers(old, { ...old, prizes: [] } as unknown as ActivityDefinition)).toEqual(['活动已开始，不能删除奖品「笔记」（a）']);
  });

  it('lets copy, pictures and more generous numbers through', () => {
    const old = base();
    const better = {
      ...old,
      title: '新标题',
      endsAtMs: END + 86_400_000,
      rules: { qualifyBy: 'bound_mobile', dailyCap: 30 },
      prizes: [{ ...old.prizes[0], quantity: 200, threshold: 2, name: '新名字' }],
    } as ActivityDefinition;
    expect(worseForUsers(old, better)).toEqual([]);
  });
});
