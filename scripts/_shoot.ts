import { launchBrowser, phoneContext, builtClientDir } from '../tests/support/browser';
import { startTestServer } from '../tests/support/test-server';
import { loginAs } from '../tests/support/flows';
import { STORAGE_KEYS } from '../src/platform/storage';

const pages = (process.argv[2] ?? '').split(',');
const mobile = process.argv[3];
const s = await startTestServer('sqlite', { clientDir: builtClientDir() });
const cat = await s.services.db.kysely.selectFrom('categories').select(['id', 'genus_id', 'name']).where('name', '=', '英语四级').executeTakeFirstOrThrow();
const b = await launchBrowser();
const ctx = await phoneContext(b);
let token = '';
if (mobile) token = (await loginAs(s, mobile)).token;
await ctx.addInitScript(([k, v, jk, jwt]) => {
  localStorage.setItem(k, v);
  if (jwt) localStorage.setItem(jk, jwt);
}, [STORAGE_KEYS.examContext, JSON.stringify({ genus_id: cat.genus_id, category_id: cat.id, category_name: cat.name }), STORAGE_KEYS.jwt, token] as const);
const page = await ctx.newPage();
for (const [i, p] of pages.entries()) {
  await page.goto(s.url + p.replace('{cat}', String(cat.id)));
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${i}.png` });
  console.log(i, p, page.url());
}
await b.close();
await s.close();
