import * as auth from './accounts';
import * as binding from './accounts-binding';
import * as account from './accounts-cancel';
import * as activity from './activities';
import * as address from './addresses';
import * as articles from './articles';
import * as goods from './catalog';
import * as circle from './circles';
import * as politics from './circles-politics';
import * as course from './courses';
import * as ebook from './ebooks';
import type { AnyEndpoint } from './endpoint';
import * as framework from './framework';
import * as order from './orders';
import * as pages from './pages';
import * as question from './questions';
import * as study from './study';
import * as genus from './study-genus';
import * as subjects from './subjects';
import * as user from './users';
import * as userCenter from './users-center';
import * as vip from './vip';

export * from './endpoint';
export * from './envelope';
export {
  account,
  activity,
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
  subjects,
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
  activity,
  subjects,
  genus,
  auth,
  user,
  pages,
  study,
  articles,
  binding,
  account,
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
