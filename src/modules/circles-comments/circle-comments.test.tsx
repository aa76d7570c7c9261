import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { CircleComment, CircleReply } from '../../contract/circles';
import CircleComments, { CommentItem } from './CircleComments';
import { addedReply, idOf, loginPath, mergeById, pathWithQuery, post, unfoldLabel, withReplies } from './comments';

const reply = (id: number, over: Partial<CircleReply> = {}): CircleReply => ({
  id,
  comment_id: 1,
  nickname: `用户${id}`,
  avatar: '',
  reply_to_nickname: '',
  content: `回复 ${id}`,
  created_at: 1000 + id,
  ...over,
});
const comment = (over: Partial<CircleComment> = {}): CircleComment => ({
  id: 1,
  video_id: 7,
  nickname: '林间小鹿',
  avatar: '',
  content: '这个例句好记',
  reply_count: 3,
  replies: [reply(11), reply(12, { reply_to_nickname: '用户11' })],
  created_at: 900,
  ...over,
});
const ok = <T,>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });

describe('circle-comments module', () => {
  it('builds the login path back to the page with its query', () => {
    expect(pathWithQuery('/video/detail', { id: '3' })).toBe('/video/detail?id=3');
    expect(pathWithQuery('/video/detail', {})).toBe('/video/detail');
    expect(loginPath('/video/detail?id=3')).toBe('/user/mobile_login/%2Fvideo%2Fdetail%3Fid%3D3');
    expect(idOf('12')).toBe(12);
    expect(idOf(5)).toBe(5);
    for (const bad of ['', 'abc', '0', '-1', '1.5', undefined, null]) expect(idOf(bad)).toBeNull();
  });

  it('folds replies after the first ones: 查看全部 N 条回复, then 查看更多回复, then nothing', () => {
    const c = comment();
    expect(unfoldLabel(c, false)).toBe('查看全部 3 条回复');
    expect(unfoldLabel(c, true)).toBe('查看更多回复');
    const all = withReplies([c], 1, [reply(13), reply(12)]);
    expect(all[0]?.replies.map((r) => r.id)).toEqual([11, 12, 13]);
    expect(all[0] && unfoldLabel(all[0], true)).toBeNull();
    expect(mergeById([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('shows a new reply under its comment with the server’s count', () => {
    const list = addedReply([comment(), comment({ id: 2, replies: [], reply_count: 0 })], reply(20, { comment_id: 2 }), 1);
    expect(list[1]).toMatchObject({ reply_count: 1 });
    expect(list[1]?.replies.map((r) => r.id)).toEqual([20]);
    expect(list[0]?.replies).toHaveLength(2);
  });

  it('sends a logged-out visitor to login and calls nothing', async () => {
    const env = fakeEnv();
    const r = await post(env, { videoId: 7, text: '你好', target: null, hasLogin: false, returnPath: '/video/detail?id=7' });
    expect(r).toEqual({ kind: 'login' });
    expect(env.navigate).toHaveBeenCalledWith('/user/mobile_login/%2Fvideo%2Fdetail%3Fid%3D7');
    expect(env.call).not.toHaveBeenCalled();
  });

  it('refuses an empty comment without calling the server', async () => {
    const env = fakeEnv();
    expect(await post(env, { videoId: 7, text: '   ', target: null, hasLogin: true, returnPath: '/' })).toEqual({ kind: 'empty' });
    expect(env.toast).toHaveBeenCalledWith('请输入评论内容');
    expect(env.call).not.toHaveBeenCalled();
  });

  it('posts a trimmed comment and answers it for the top of the list', async () => {
    const created = comment({ id: 99, content: '新评论', replies: [], reply_count: 0 });
    const env = fakeEnv({ 'circle.comment_add': ok({ comment: created, comment_count: 5 }) });
    const r = await post(env, { videoId: 7, text: '  新评论 ', target: null, hasLogin: true, returnPath: '/' });
    expect(env.call).toHaveBeenCalledWith('circle.comment_add', { video_id: 7, content: '新评论' });
    expect(r).toEqual({ kind: 'comment', comment: created, count: 5 });
    expect(env.toast).toHaveBeenCalledWith('评论成功');
  });

  it('replies to a reply by its id', async () => {
    const created = reply(30, { reply_to_nickname: '用户12' });
    const env = fakeEnv({ 'circle.reply_add': ok({ reply: created, reply_count: 4 }) });
    const r = await post(env, {
      videoId: 7,
      text: '同意',
      target: { commentId: 1, replyId: 12, name: '用户12' },
      hasLogin: true,
      returnPath: '/',
    });
    expect(env.call).toHaveBeenCalledWith('circle.reply_add', { comment_id: 1, content: '同意', reply_id: 12 });
    expect(r).toEqual({ kind: 'reply', reply: created, replyCount: 4 });
    expect(env.toast).toHaveBeenCalledWith('回复成功');
  });

  it('shows the server’s message when a post is refused (e.g. too many in a minute)', async () => {
    const msg = '发言太频繁：每人每分钟最多发表 10 条评论和回复，请稍后再试';
    const env = fakeEnv({ 'circle.comment_add': { status: 1, code: 4029, msg, data: null } });
    expect(await post(env, { videoId: 7, text: '第 11 条', target: null, hasLogin: true, returnPath: '/' })).toEqual({
      kind: 'refused',
      msg,
    });
    expect(env.toast).toHaveBeenCalledWith(msg);
  });

  it('renders a comment with its replies, the addressee and the unfold button', () => {
    const html = renderToStaticMarkup(
      <ul>
        <CommentItem c={comment()} unfoldText="查看全部 3 条回复" unfolding={false} isNew={false} onAnswer={vi.fn()} onUnfold={vi.fn()} />
      </ul>,
    );
    expect(html).toContain('林间小鹿');
    expect(html).toContain('这个例句好记');
    expect(html.match(/data-testid="circle-reply"/g)).toHaveLength(2);
    expect(html).toContain('用户11</span>');
    expect(html).toContain('查看全部 3 条回复');
  });

  it('offers the comment box to a logged-in user and a login prompt to a visitor', () => {
    const render = (hasLogin: boolean) =>
      renderToStaticMarkup(
        <MemoryRouter initialEntries={['/video/detail?id=7']}>
          <CircleComments
            {...fakeBlockProps(
              'circles-comments',
              { videoId: '7', count: '3' },
              { env: fakeEnv(), scope: { auth: { hasLogin }, query: { id: '7' } } },
            ).blockProps}
          />
        </MemoryRouter>,
      );
    const visitor = render(false);
    expect(visitor).toContain('登录后参与评论');
    expect(visitor).not.toContain('circle-comment-input');
    expect(visitor).toContain('评论<span class="cc-count">3</span>');
    const user = render(true);
    expect(user).toContain('data-testid="circle-comment-input"');
    expect(user).toContain('maxLength="200"');
    expect(user).toContain('说点什么…');
    expect(
      renderToStaticMarkup(
        <MemoryRouter>
          <CircleComments {...fakeBlockProps('circles-comments', { videoId: '' }).blockProps} />
        </MemoryRouter>,
      ),
    ).toBe('');
  });
});
