import * as address from './address';
import * as articles from './articles';
import * as auth from './auth';
import * as binding from './binding';
import * as circle from './circle';
import * as course from './course';
import * as ebook from './ebook';
import type { AnyEndpoint } from './endpoint';
import * as framework from './framework';
import * as genus from './genus';
import * as goods from './goods';
import * as order from './order';
import * as pages from './pages';
import * as politics from './politics';
import * as question from './question';
import * as study from './study';
import * as user from './user';
import * as userCenter from './user-center';
import * as vip from './vip';

export * from './endpoint';
export * from './envelope';
export {
  address,
  articles,
  auth,
  binding,
  circle,
  course,
  ebook,
  framework,
  genus,
  goods,
  order,
  pages,
  politics,
  question,
  study,
  user,
  userCenter,
  vip,
};

function collect(...areas: Record<string, unknown>[]): AnyEndpoint[] {
  const list: AnyEndpoint[] = [];
  for (const area of areas) {
    for (const value of Object.values(area)) {
      if (value && typeof value === 'object' && 'id' in value && 'method' in value && 'path' in value) {
        list.push(value as AnyEndpoint);
      }
    }
  }
  return list;
}

/** Every declared endpoint. The server registers a route for each; a test fails if one lacks a handler. */
export const allEndpoints: readonly AnyEndpoint[] = collect(
  framework,
  genus,
  auth,
  user,
  pages,
  study,
  articles,
  binding,
  userCenter,
  address,
  course,
  ebook,
  circle,
  politics,
  question,
  goods,
  order,
  vip,
);
