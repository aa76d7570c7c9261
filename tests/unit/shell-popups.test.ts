import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackHome } from '../../src/shell/back-home/BackHome';
import { backTarget } from '../../src/shell/back-home/back-target';
import { CUSTOMER_SERVICE_QR, CustomerServicePopup } from '../../src/shell/customer-service/CustomerServicePopup';
import { HomeButton } from '../../src/shell/home-button/HomeButton';
import { HOME_BUTTON_KEY, HOME_BUTTON_TARGET, homeButtonState, setHomeButtonVisible } from '../../src/state/home-button';
import { uiState } from '../../src/state/ui';

const html = (node: ReactNode) => renderToStaticMarkup(createElement(MemoryRouter, null, node));

function fakeLocalStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

afterEach(() => {
  uiState.page = null;
  uiState.popup = null;
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('customer-service popup', () => {
  it('shows only while uiState.popup is customerService, with the QR image, caption and hours', () => {
    expect(html(createElement(CustomerServicePopup))).toBe('');
    uiState.popup = 'feedback';
    expect(html(createElement(CustomerServicePopup))).toBe('');
    uiState.popup = 'customerService';
    const out = html(createElement(CustomerServicePopup));
    expect(CUSTOMER_SERVICE_QR).toBe('/media/qr/customer-service.svg');
    expect(out).toContain(`src="${CUSTOMER_SERVICE_QR}"`);
    expect(out).toContain('长按识别二维码，添加客服微信');
    expect(out).toContain('服务时间');
    expect(out).toContain('aria-label="关闭"');
  });
});

describe('back-to-home button', () => {
  const at = (path: string) => renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [path] }, createElement(BackHome)));
  it('shows a 首页 link to / unless the page hides it or there is no page', () => {
    expect(at('/user/home')).toBe('');
    uiState.page = { name: 'user-home', hideHome: true, hideFeedback: false };
    expect(at('/user/home')).toBe('');
    uiState.page = { name: 'user-home', hideHome: false, hideFeedback: true };
    const out = at('/user/home');
    expect(out).toContain('href="/"');
    expect(out).toContain('>首页<');
  });

  it('goes back through the app’s own history when there is one, else home; never home where home sends back here', () => {
    const base = { pathname: '/mall/detail/3', hasSubject: true, categoryRoute: '/study/category' };
    expect(backTarget({ ...base, historyIndex: 2 })).toBe('back');
    expect(backTarget({ ...base, historyIndex: 0 })).toBe('home');
    expect(backTarget({ ...base, historyIndex: undefined })).toBe('home');
    expect(backTarget({ ...base, pathname: '/', historyIndex: 0 })).toBe('none');
    expect(backTarget({ ...base, pathname: '/study/category', hasSubject: false, historyIndex: 0 })).toBe('none');
    expect(backTarget({ ...base, pathname: '/study/category', hasSubject: true, historyIndex: 0 })).toBe('home');
  });
});

describe('floating home button', () => {
  it('follows the stored flag', () => {
    expect(HOME_BUTTON_KEY).toBe('beikao.show_home_button');
    expect(HOME_BUTTON_TARGET).toBe('/study/list/news');
    setHomeButtonVisible(false);
    expect(html(createElement(HomeButton))).toBe('');
    setHomeButtonVisible(true);
    expect(homeButtonState.visible).toBe(true);
    expect(html(createElement(HomeButton))).toContain('data-testid="home-button"');
    setHomeButtonVisible(false);
    expect(html(createElement(HomeButton))).toBe('');
  });

  it('reads and writes beikao.show_home_button in storage', async () => {
    const ls = fakeLocalStorage();
    ls.data.set(HOME_BUTTON_KEY, '1');
    vi.stubGlobal('localStorage', ls);
    const fresh = await import('../../src/state/home-button');
    expect(fresh.homeButtonState.visible).toBe(true);
    fresh.setHomeButtonVisible(false);
    expect(ls.data.has(HOME_BUTTON_KEY)).toBe(false);
    fresh.setHomeButtonVisible(true);
    expect(ls.data.get(HOME_BUTTON_KEY)).toBe('1');
  });

  it('stays hidden when the flag is anything but 1', async () => {
    const ls = fakeLocalStorage();
    ls.data.set(HOME_BUTTON_KEY, 'true');
    vi.stubGlobal('localStorage', ls);
    const fresh = await import('../../src/state/home-button');
    expect(fresh.homeButtonState.visible).toBe(false);
  });
});
