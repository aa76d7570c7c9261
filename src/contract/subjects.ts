/**
 * The subjects area: 大类 (genera, `genus` on the wire) and 科目 (categories) a learner chooses from.
 */
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { empty, id } from './fields';

const genus = z.object({ id: z.number(), name: z.string(), icon: z.string(), description: z.string() });
const category = z.object({ id: z.number(), genus_id: z.number(), name: z.string() });

export const genusList = endpoint({
  id: 'genus.genus',
  method: 'GET',
  host: 'platform',
  path: '/api/genus',
  input: empty(),
  output: z.array(genus),
  auth: 'none',
  summary: '考试大类（genus）',
});
export const categoryList = endpoint({
  id: 'genus.category',
  method: 'GET',
  host: 'platform',
  path: '/api/genus/category',
  input: z.object({ genus_id: id() }),
  output: z.array(category),
  auth: 'none',
  summary: '大类下的科目',
  errors: [CODE.notFound],
});
