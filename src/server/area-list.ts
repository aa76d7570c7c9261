/**
 * Every area of the server, in the order `app.ts` registers them (the glossary of docs/architecture.md names each).
 * Adding an area is one folder with its door (`index.ts`) and one line here.
 */

import { accountsArea } from './areas/accounts';
import { activitiesArea } from './areas/activities';
import { addressesArea } from './areas/addresses';
import { articlesArea } from './areas/articles';
import { catalogArea } from './areas/catalog';
import { circlesArea } from './areas/circles';
import { coursesArea } from './areas/courses';
import { ebooksArea } from './areas/ebooks';
import { frameworkArea } from './areas/framework';
import { ordersArea } from './areas/orders';
import { pagesArea } from './areas/pages';
import { paymentsArea } from './areas/payments';
import { questionsArea } from './areas/questions';
import { refundsArea } from './areas/refunds';
import { shippingArea } from './areas/shipping';
import { studyArea } from './areas/study';
import { subjectsArea } from './areas/subjects';
import { usersArea } from './areas/users';
import { vipArea } from './areas/vip';
import type { Area } from './http/area';

export const AREAS: readonly Area[] = [
  frameworkArea,
  pagesArea,
  accountsArea,
  usersArea,
  addressesArea,
  subjectsArea,
  studyArea,
  articlesArea,
  coursesArea,
  circlesArea,
  ebooksArea,
  questionsArea,
  catalogArea,
  ordersArea,
  paymentsArea,
  refundsArea,
  shippingArea,
  vipArea,
  activitiesArea,
];
