import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import { EnvProvider } from '../../runtime/env';
import UserHome, { chinaDate, endSession, logoutAfterConfirm, statCells, VipCard } from './UserHome';

describe('user-home module', () => {
  it('formats dates in China time', () => {
    expect(chinaDate(Date.UTC(2026, 11, 31, 15, 59) / 1000)).toBe('2026-12-31');
    expect(chinaDate(Date.UTC(2026, 11, 31, 16, 0) / 1000)).toBe('2027-01-01');
  });

  it('shows dashes until the statistics arrive, then the counts with their links', () => {
    expect(statCells(null).map((c) => c.value)).toEqual(['-', '-', '-', '-', '-', '-']);
    const cells = statCells({
      order_count: 2,
      collection_count: 5,
      message_count: 6,
      unread_message_count: 3,
      address_count: 1,
      feedback_count: 0,
      question_done_count: 40,
      course_count: 0,
      course_finished_count: 0,
      course_learned_seconds: 0,
      ebook_count: 0,
      ebook_read_seconds: 0,
      study_days: 12,
    });
    expect(cells.map((c) => [c.label, c.value, c.to])).toEqual([
      ['订单', 2, '/user/order'],
      ['收藏', 5, '/user/collections'],
      ['未读消息', 3, '/message/index'],
      ['课程', 0, '/user/course'],
      ['已做题', 40, '/user/question'],
      ['学习天数', 12, ''],
    ]);
  });

  it('draws the VIP card with scope, expiry and benefits', () => {
    const html = renderToStaticMarkup(
      <VipCard
        vip={{
          is_vip: 1,
          vip_type: 'cet_vip',
          name: '四六级VIP',
          description: '',
          benefits: ['真题精讲', '模考'],
          scope: '英语四六级',
          started_at: 0,
          expires_at: Date.UTC(2026, 11, 31, 4) / 1000,
          days_left: 30,
        }}
      />,
    );
    expect(html).toContain('四六级VIP');
    expect(html).toContain('适用：英语四六级');
    expect(html).toContain('有效期至 2026-12-31（剩余 30 天）');
    expect(html).toContain('<li>模考</li>');
  });

  it('renders the profile, the statistics row, the config children and logout', () => {
    const env = fakeEnv();
    const { blockProps } = fakeBlockProps('users-home', {}, { env, children: <nav data-testid="entries">入口</nav> });
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <EnvProvider value={env}>
          <UserHome {...blockProps} />
        </EnvProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('data-testid="user-info"');
    expect(html).toContain('data-testid="user-stats"');
    expect(html).toContain('data-testid="entries"');
    expect(html).toContain('退出登录');
    expect(html).not.toContain('data-testid="vip-card"');
  });

  it('logs out only after the user confirms: server logout, then home; the token goes once the page is gone', async () => {
    const no = fakeEnv({}, { confirm: vi.fn(async () => false) });
    const stay = vi.fn();
    expect(await logoutAfterConfirm(no, stay)).toBe(false);
    expect(no.confirm).toHaveBeenCalledWith({ text: '确定退出登录？', okText: '退出登录', cancelText: '取消', danger: true });
    expect(no.call).not.toHaveBeenCalled();
    expect(stay).not.toHaveBeenCalled();
    expect(no.navigate).not.toHaveBeenCalled();

    const env = fakeEnv({ 'user.logout': { status: 0, code: 0, msg: 'ok', data: null } });
    const leaving = vi.fn(() => expect(env.navigate).not.toHaveBeenCalled());
    expect(await logoutAfterConfirm(env, leaving)).toBe(true);
    expect(env.call).toHaveBeenCalledWith('user.logout', {});
    expect(leaving).toHaveBeenCalledOnce();
    expect(env.navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(env.session.logout).not.toHaveBeenCalled();

    endSession(env);
    expect(env.session.logout).toHaveBeenCalledOnce();
    expect(env.toast).toHaveBeenCalledWith('已退出登录');
  });
});
