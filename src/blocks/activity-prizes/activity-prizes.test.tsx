// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps, fakePage } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { SourceState } from '../../runtime/block-api';
import ActivityPrizesBlock from './ActivityPrizesBlock';
import { definition } from './definition';
import { canTap, type Prize, prizeButton, prizeFacts, prizeList, progressOf, progressTrack, tapPrize } from './prizes';
import type { ActivityPrizesProps } from './props.gen';

/** activity.detail's prizes of the seeded referral (id 1001), as a logged-in referrer with one qualified invitee sees them. */
const PRIZES = [
  {
    id: 'cet-words-notes',
    name: '电子书《四六级高频词汇精讲笔记》',
    image: '',
    kind: 'ebook',
    value: 1990,
    quantity: 500,
    stock_left: 499,
    threshold: 1,
    state: 'claimable',
    state_text: '',
  },
  {
    id: 'cet-vip-7',
    name: '四六级会员 7 天',
    image: '',
    kind: 'vip_days',
    value: 2900,
    quantity: 300,
    stock_left: 300,
    threshold: 3,
    state: 'locked',
    state_text: '还差 2 位有效好友即可领取',
  },
  {
    id: 'cet-sprint-course',
    name: '课程《英语四级考前冲刺密训》',
    image: '/media/prize/course.png',
    kind: 'course',
    value: 15900,
    quantity: 100,
    stock_left: 0,
    threshold: 5,
    state: 'sold_out',
    state_text: '已领完',
  },
] as const;

const claimActions = [
  { action: 'call' as const, endpoint: 'activity.finish_gift', params: { id: 1001, gift_id: '${prize.id}' }, successToast: '领取成功' },
];
const LOGIN = '/user/mobile_login/%2Factivity%2Fdetail%2F1001';

function render(props: ActivityPrizesProps, sources: Record<string, SourceState> = {}) {
  return renderToStaticMarkup(<ActivityPrizesBlock {...fakeBlockProps('activity-prizes', props, { sources }).blockProps} />);
}
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => ({ tag: m[0], text: m[1] }));

describe('prizeList', () => {
  it('reads the prize views and drops anything without an id, a name or a known state', () => {
    const list = prizeList([...PRIZES, { id: 'x', name: 'y', state: 'unknown' }, { name: 'no id', state: 'claimable' }, null, 3]);
    expect(list.map((p) => p.id)).toEqual(['cet-words-notes', 'cet-vip-7', 'cet-sprint-course']);
    expect(list[0]).toMatchObject({ value: 1990, stockLeft: 499, threshold: 1, state: 'claimable', raw: PRIZES[0] });
    expect(prizeList('${data.detail.prizes}')).toEqual([]);
    expect(prizeList(undefined)).toEqual([]);
  });
});

describe('prizeButton', () => {
  it('follows the state: 领取, 已领取, 已领完, 登录后领取, and a locked prize says why', () => {
    expect(prizeButton({ state: 'claimable', stateText: '' }, 'running')).toEqual({ text: '领取', kind: 'claim', hint: '' });
    expect(prizeButton({ state: 'claimed', stateText: '' }, 'running')).toEqual({ text: '已领取', kind: 'none', hint: '' });
    expect(prizeButton({ state: 'sold_out', stateText: '已领完' }, 'running')).toEqual({ text: '已领完', kind: 'none', hint: '' });
    expect(prizeButton({ state: 'login', stateText: '登录后领取' }, 'running')).toEqual({ text: '登录后领取', kind: 'login', hint: '' });
    expect(prizeButton({ state: 'locked', stateText: '还差 2 位有效好友即可领取' }, 'running')).toEqual({
      text: '未达成',
      kind: 'none',
      hint: '还差 2 位有效好友即可领取',
    });
  });
  it('a closed prize says 未开始 before the start and 已结束 after the end', () => {
    expect(prizeButton({ state: 'closed', stateText: '活动尚未开始' }, 'upcoming').text).toBe('未开始');
    expect(prizeButton({ state: 'closed', stateText: '活动已结束' }, 'ended').text).toBe('已结束');
  });
});

describe('prizeFacts and the progress track', () => {
  it('names the threshold and the value in yuan; none when zero', () => {
    expect(prizeFacts({ threshold: 3, value: 2900 })).toEqual({ threshold: '邀请 3 位好友', value: '价值 ¥29' });
    expect(prizeFacts({ threshold: 1, value: 1990 }).value).toBe('价值 ¥19.90');
    expect(prizeFacts({ threshold: 0, value: 0 })).toEqual({ threshold: '', value: '' });
  });
  it('reads the progress prop; null, empty and junk hide the track', () => {
    expect(progressOf(2)).toBe(2);
    expect(progressOf('3')).toBe(3);
    expect(progressOf(null)).toBeNull();
    expect(progressOf('')).toBeNull();
    expect(progressOf(undefined)).toBeNull();
    expect(progressOf('abc')).toBeNull();
    expect(progressOf(-1)).toBeNull();
  });
  it('puts one milestone per threshold, fills up to the progress and names the next prize', () => {
    const prizes = prizeList(PRIZES);
    expect(progressTrack(prizes, 1)).toEqual({
      fill: 20,
      milestones: [
        { threshold: 1, at: 20, reached: true },
        { threshold: 3, at: 60, reached: false },
        { threshold: 5, at: 100, reached: false },
      ],
      goal: '再邀请 2 位，可领「四六级会员 7 天」',
    });
    expect(progressTrack(prizes, 0)?.goal).toBe('再邀请 1 位，可领「电子书《四六级高频词汇精讲笔记》」');
    expect(progressTrack(prizes, 7)).toMatchObject({ fill: 100, goal: '已达成全部奖品门槛，记得领取奖品' });
    expect(progressTrack([{ threshold: 0, name: '见面礼' }], 0)).toBeNull();
  });
});

describe('tapPrize', () => {
  const prize = prizeList(PRIZES)[0] as Prize;
  const context = () => {
    const page = fakePage();
    const env = fakeEnv();
    const run = vi.fn(async () => {});
    return { page, env, run, ctx: { claimActions, refresh: ['detail'], loginTo: LOGIN, run, page, env } };
  };

  it('领取 runs the claim actions with the prize in scope, then reloads the sources', async () => {
    const { ctx, run, page, env } = context();
    expect(await tapPrize(prize, 'claim', ctx)).toBe('claim');
    expect(run).toHaveBeenCalledWith(claimActions, { prize: PRIZES[0] });
    expect(page.refresh).toHaveBeenCalledWith('detail');
    expect(env.navigate).not.toHaveBeenCalled();
  });
  it('reloads the sources even when the claim actions fail', async () => {
    const { ctx, page } = context();
    ctx.run = vi.fn(async () => {
      throw new Error('boom');
    });
    await expect(tapPrize(prize, 'claim', ctx)).rejects.toThrow('boom');
    expect(page.refresh).toHaveBeenCalledWith('detail');
  });
  it('登录后领取 opens the login route with the way back; other buttons do nothing', async () => {
    const { ctx, run, env } = context();
    expect(await tapPrize(prize, 'login', ctx)).toBe('login');
    expect(env.navigate).toHaveBeenCalledWith(LOGIN);
    expect(await tapPrize(prize, 'none', ctx)).toBe('none');
    expect(run).not.toHaveBeenCalled();
    expect(canTap('claim', { claimActions: [], loginTo: LOGIN })).toBe(false);
    expect(canTap('login', { claimActions, loginTo: undefined })).toBe(false);
  });
});

describe('ActivityPrizesBlock', () => {
  it('read-only: what each prize is and its stock, without buttons or the caller’s progress', () => {
    const html = render({ prizes: [...PRIZES], phase: 'running', readOnly: true });
    expect(buttons(html)).toEqual([]);
    const text = textOf(html);
    expect(text).toContain('邀请 1 位好友');
    expect(text).toContain('剩余 499 份');
    expect(text).not.toContain('还差 2 位有效好友即可领取');
  });
  it('a page may name the buttons (选这份 / 已选 / 不可选)', () => {
    const html = render({ prizes: [...PRIZES], phase: 'running', claimActions, labels: { claim: '选这份', locked: '不可选' } });
    expect(buttons(html).map((x) => x.text)).toEqual(['选这份', '不可选', '已领完']);
  });
  it('draws each prize with its kind or picture, facts and stock, and a button by state', () => {
    const html = render({ prizes: [...PRIZES], phase: 'running', claimActions, refresh: ['detail'], loginTo: LOGIN });
    expect(html.match(/<li /g)).toHaveLength(3);
    const text = textOf(html);
    expect(text).toContain('电子书《四六级高频词汇精讲笔记》');
    expect(text).toContain('邀请 1 位好友');
    expect(text).toContain('价值 ¥19.90');
    expect(text).toContain('剩余 499 份');
    expect(text).toContain('剩余 0 份');
    // No picture: the kind stands in; a picture is drawn as given.
    expect(html).toContain('ap-kind-ebook');
    expect(html).toContain('src="/media/prize/course.png"');
    expect(text).toContain('还差 2 位有效好友即可领取');
    const b = buttons(html);
    expect(b.map((x) => x.text)).toEqual(['领取', '未达成', '已领完']);
    expect(b[0]?.tag).not.toContain('disabled');
    expect(b[1]?.tag).toContain('disabled');
    expect(b[2]?.tag).toContain('disabled');
    // Without the progress prop there is no track.
    expect(html).not.toContain('activity-progress');
  });

  it('anonymous: every prize says 登录后领取 and can be tapped when a login route is given', () => {
    const anon = PRIZES.map((p) => ({ ...p, state: 'login' as const, state_text: '登录后领取' }));
    const b = buttons(render({ prizes: anon, loginTo: LOGIN, progress: null }));
    expect(b.map((x) => x.text)).toEqual(['登录后领取', '登录后领取', '登录后领取']);
    expect(b.every((x) => !x.tag.includes('disabled'))).toBe(true);
    expect(buttons(render({ prizes: anon })).every((x) => x.tag.includes('disabled'))).toBe(true);
  });

  it('shows the progress track with the count and the next goal', () => {
    const html = render({ prizes: [...PRIZES], progress: 1 });
    const text = textOf(html);
    expect(text).toContain('已邀请 1 位有效好友');
    expect(text).toContain('再邀请 2 位，可领「四六级会员 7 天」');
    expect(html.match(/ap-node-on/g)).toHaveLength(1);
    expect(html).toContain('width:20%');
  });

  it('a source loading on arrival does not hold 领取 back (only a claim waits for its refresh); 暂无奖品 without prizes', () => {
    const loading: SourceState = { data: null, loading: true, loaded: true, paged: false, error: '', errorCode: 0 };
    const b = buttons(render({ prizes: [...PRIZES], claimActions, refresh: ['detail'] }, { detail: loading }));
    expect(b[0]?.tag).not.toContain('disabled');
    expect(textOf(render({ prizes: [] }))).toBe('暂无奖品');
    expect(textOf(render({ prizes: [], emptyText: '奖品筹备中' }))).toBe('奖品筹备中');
  });

  it('keeps its claim actions raw, so ${prize.id} is resolved when they run', () => {
    expect(definition.rawProps).toEqual(['claimActions']);
  });
});
