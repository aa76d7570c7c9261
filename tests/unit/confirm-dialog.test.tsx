import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import ConfirmDialog from '../../src/shell/confirm/ConfirmDialog';
import { answerConfirm, askConfirm, uiState } from '../../src/state/ui';

afterEach(() => {
  if (uiState.confirm) answerConfirm(uiState.confirm.id, false);
});

describe('confirm dialog (env.confirm)', () => {
  it('shows the question with cancel and the confirming text, and resolves with the answer', async () => {
    const answer = askConfirm({ text: '确定删除该地址吗？', okText: '删除', danger: true });
    const html = renderToStaticMarkup(<ConfirmDialog />);
    expect(html).toContain('确定删除该地址吗？');
    expect(html).toContain('取消');
    expect(html).toContain('删除');
    expect(html).toContain('class="danger"');
    answerConfirm(uiState.confirm?.id ?? -1, true);
    await expect(answer).resolves.toBe(true);
    expect(uiState.confirm).toBeNull();
    expect(renderToStaticMarkup(<ConfirmDialog />)).toBe('');
  });

  it('uses 确定 when no confirming text is given; cancel resolves false', async () => {
    const answer = askConfirm({ text: '确定退出登录吗？' });
    expect(renderToStaticMarkup(<ConfirmDialog />)).toContain('确定');
    answerConfirm(uiState.confirm?.id ?? -1, false);
    await expect(answer).resolves.toBe(false);
  });

  it('a second question replaces the first, which resolves false', async () => {
    const first = askConfirm({ text: '第一个' });
    const second = askConfirm({ text: '第二个' });
    await expect(first).resolves.toBe(false);
    expect(uiState.confirm?.text).toBe('第二个');
    answerConfirm(uiState.confirm?.id ?? -1, true);
    await expect(second).resolves.toBe(true);
  });
});
