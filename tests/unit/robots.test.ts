import { describe, expect, it } from 'vitest';
import { fixedPrefix, robotsTxt } from '../../src/server/client/robots';

const route = (path: string, auth: boolean) => ({ name: path, path, aliases: [], meta: { auth, needCategory: false } });

describe('robots.txt from the route table', () => {
  it('a route’s fixed start ends before its first parameter', () => {
    expect(fixedPrefix('/order/detail/:orderId')).toBe('/order/detail/');
    expect(fixedPrefix('/user/home')).toBe('/user/home');
    expect(fixedPrefix('/activity/own_gift/:activityId/:id')).toBe('/activity/own_gift/');
  });
  it('lists each login-only route once, and the API; public routes stay open', () => {
    const text = robotsTxt([
      route('/user/home', true),
      route('/user/agreement/privacy', false),
      route('/order/detail/:id', true),
      route('/order/logistics/:a/:b', true),
    ]);
    expect(text.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /dev/',
      'Disallow: /member/',
      'Disallow: /order/detail/',
      'Disallow: /order/logistics/',
      'Disallow: /pay/',
      'Disallow: /user/home',
      'Allow: /',
      '',
    ]);
  });
});
