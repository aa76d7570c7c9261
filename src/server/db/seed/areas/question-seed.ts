/**
 * The question banks of content/demo/questions: one top bank row per category a bank is listed under, its children
 * (practice sets and exam papers) under it, and their questions with keys and analyses (a material question as the
 * passage row with its sub-questions pointing at it).
 */
import type { Transaction } from 'kysely';
import { answerableCount, type QuestionContent } from '../../../content/kinds/questions';
import type { DemoContent } from '../../../content/load';
import type { Database } from '../../schema';

type Trx = Transaction<Database>;
type Leaf = Exclude<QuestionContent, { type: 'material' }>;

const DEFAULT_SCORE = 1;

function leafRow(bankId: number, q: Leaf, sort: number, parent: number | null, material: string) {
  return {
    bank_id: bankId,
    parent_question_id: parent,
    type: q.type,
    stem: q.stem,
    options: JSON.stringify(q.type === 'single' || q.type === 'multiple' ? q.options : []),
    answer: JSON.stringify(q.answer),
    analysis: q.analysis,
    score: q.score ?? DEFAULT_SCORE,
    material,
    sort,
  };
}

export async function seedQuestions(trx: Trx, content: DemoContent, now: number): Promise<void> {
  const categories = await trx
    .selectFrom('categories as c')
    .innerJoin('genera as g', 'g.id', 'c.genus_id')
    .select(['c.id', 'c.name', 'c.genus_id', 'g.name as genus'])
    .execute();
  for (const [b, bank] of content.questions.entries()) {
    const file = `content/demo/questions/${bank.slug}.json`;
    const total = bank.children.reduce((n, c) => n + c.questions.reduce((m, q) => m + answerableCount(q), 0), 0);
    for (const name of bank.categories) {
      const cat = categories.find((c) => c.name === name && c.genus === bank.genus);
      if (!cat) throw new Error(`${file}: categories: 大类 ${bank.genus} 下没有科目 ${name}`);
      const common = {
        genus_id: cat.genus_id,
        category_id: cat.id,
        intro: bank.intro,
        price: bank.price,
        is_free: bank.price === 0 ? 1 : 0,
        created_at: now - 2 * 3600 - b * 86400 * 7,
      };
      const top = await trx
        .insertInto('question_banks')
        .values({ ...common, parent_id: null, name: bank.name, mode: '', exam_minutes: 0, sort: 0, question_count: total })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [c, child] of bank.children.entries()) {
        const row = await trx
          .insertInto('question_banks')
          .values({
            ...common,
            parent_id: top.id,
            name: child.name,
            intro: '',
            mode: child.mode,
            exam_minutes: child.exam_minutes,
            sort: c + 1,
            question_count: child.questions.reduce((m, q) => m + answerableCount(q), 0),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        let sort = 0;
        for (const q of child.questions) {
          sort += 1;
          if (q.type !== 'material') {
            await trx
              .insertInto('questions')
              .values(leafRow(row.id, q, sort, null, ''))
              .execute();
            continue;
          }
          const passage = await trx
            .insertInto('questions')
            .values({
              bank_id: row.id,
              parent_question_id: null,
              type: 'material',
              stem: q.stem,
              options: '[]',
              answer: 'null',
              analysis: q.analysis,
              score: 0,
              material: q.material,
              sort,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const sub of q.children) {
            sort += 1;
            await trx
              .insertInto('questions')
              .values(leafRow(row.id, sub, sort, passage.id, q.material))
              .execute();
          }
        }
      }
    }
  }
}
