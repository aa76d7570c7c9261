// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import ActivityWinnersBlock from './ActivityWinnersBlock';
import type { ActivityWinnersProps } from './props.gen';
import { nextWinner, winnerList, winnerName } from './winners';

/** user.rand_user's rows: masked by the server. */
const WINNERS = [
  { nickname: '林**', mobile: '139****0001', prize: '电子书《四六级高频词汇精讲笔记》', created_at: Math.floor(Date.now() / 1000) - 120 },
  { nickname: '', mobile: '139****0002', prize: '四六级会员 7 天', created_at: 0 },
];

const render = (props: ActivityWinnersProps) =>
  renderToStaticMarkup(<ActivityWinnersBlock {...fakeBlockProps('activity-winners', props).blockProps} />);
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

describe('winners', () => {
  it('keeps rows with a prize and someone; never adds any', () => {
    expect(winnerList(WINNERS)).toHaveLength(2);
    expect(winnerList([{ nickname: '林**', prize: '' }, { prize: '书' }, null, 'x'])).toEqual([]);
    expect(winnerList('${data.winners}')).toEqual([]);
    expect(winnerList(undefined)).toEqual([]);
    expect(winnerName({ nickname: '林**', mobile: '139****0001', prize: 'x', createdAt: 0 })).toBe('林** 139****0001');
    expect(winnerName({ nickname: '', mobile: '139****0002', prize: 'x', createdAt: 0 })).toBe('139****0002');
    expect(nextWinner(0, 2)).toBe(1);
    expect(nextWinner(1, 2)).toBe(0);
    expect(nextWinner(0, 0)).toBe(0);
  });
});

describe('activity-winners block', () => {
  it('shows the first winner with the default label and when', () => {
    const text = textOf(render({ items: WINNERS }));
    expect(text).toContain('最新领奖');
    expect(text).toContain('林** 139****0001 领取了 电子书《四六级高频词汇精讲笔记》');
    expect(text).toContain('2分钟前');
    expect(text).not.toContain('四六级会员 7 天');
  });
  it('takes a label of its own; one winner does not move', () => {
    const html = render({ items: WINNERS.slice(1), label: '领奖播报' });
    expect(textOf(html)).toContain('领奖播报');
    expect(textOf(html)).toContain('139****0002 领取了 四六级会员 7 天');
    expect(html).not.toContain('aw-enter');
    expect(html).not.toContain('aw-time');
  });
  it('renders nothing at all while nobody has won', () => {
    expect(render({ items: [] })).toBe('');
    expect(render({ items: '${data.winners}' })).toBe('');
  });
});
