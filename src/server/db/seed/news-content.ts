/**
 * Deterministic news-article generator. Titles come from per-genus title patterns filled with
 * per-category topics; bodies are assembled from paragraph templates for the title's kind (content/demo/news/).
 */
import type { CategoryPool, GenusPool, NewsContent, NewsKind, TitlePattern } from '../../content/kinds/news';
import { loadNews } from '../../content/kinds/news';
import { DEFAULT_CONTENT_DIR } from '../../content/load';
import { fill, type TemplateValues } from '../../content/template';
import { poolsFor } from './pools';
import { hashString, intBetween, mulberry32, pick, type Rng, sample, shuffled } from './prng';

export interface GenerateOptions {
  genusName: string;
  categoryName: string;
  count: number;
  seed: number;
  /** Unix seconds; articles are published within the ~120 days before it. */
  now: number;
  /** Pools and templates (content/demo/news/); read from the default content folder when omitted. */
  content?: NewsContent;
}

export interface GeneratedArticle {
  title: string;
  summary: string;
  content: string;
  author: string;
  source: string;
  view_count: number;
  is_home: number;
  published_at: number;
}

const SPAN_SECONDS = 120 * 86400;
const SUMMARY_MAX = 60;

interface TitleChoice {
  title: string;
  pattern: TitlePattern;
  /** The filler used for `{x}`, or '' when the pattern has none. */
  filler: string;
}

let defaultContent: NewsContent | undefined;

/** The default content folder's news material, read on first use (scripts that generate articles without a seed). */
function defaultNewsContent(): NewsContent {
  if (!defaultContent) defaultContent = loadNews({ root: DEFAULT_CONTENT_DIR });
  return defaultContent;
}

function templatesFor(content: NewsContent, kind: NewsKind): readonly string[] {
  const list = content.templates[kind];
  if (list.length === 0) throw new Error(`no paragraph templates for kind ${kind}`);
  return list;
}

/** Headings start with `## `, lists with `- ` or `1. `; everything else is a paragraph. */
function isParagraph(block: string): boolean {
  return !block.startsWith('## ') && !block.startsWith('- ') && !/^\d+\. /.test(block);
}

/** A template's blocks (separated by blank lines), each filled. */
function blocksOf(template: string, values: TemplateValues): string[] {
  return template.split('\n\n').map((block) => fill(block, values));
}

/** Year in China Standard Time for a unix timestamp. */
function yearOf(now: number): number {
  return new Date((now + 8 * 3600) * 1000).getUTCFullYear();
}

/**
 * Unique titles, `count` of them. Patterns are visited round-robin in a shuffled order, each taking its next
 * unused filler, so the first articles all use different patterns. If every combination is used up, numbered
 * follow-ups (“（续2）”) keep titles unique.
 */
function chooseTitles(rng: Rng, genus: GenusPool, category: CategoryPool, cat: string, year: number, count: number): TitleChoice[] {
  const queues = shuffled(rng, genus.titles).map((pattern) => {
    const fillers = pattern.t.includes('{x}') ? shuffled(rng, pattern.fill ?? category.topics) : [''];
    return { pattern, fillers };
  });
  const base: TitleChoice[] = [];
  const seen = new Set<string>();
  for (let round = 0; base.length < count; round++) {
    let added = false;
    for (const q of queues) {
      const filler = q.fillers[round];
      if (filler === undefined) continue;
      added = true;
      const title = fillTitle(q.pattern.t, { cat, year: String(year), x: filler });
      if (seen.has(title)) continue;
      seen.add(title);
      base.push({ title, pattern: q.pattern, filler });
      if (base.length === count) break;
    }
    if (!added) break;
  }
  const out = base.slice();
  for (let n = 2; out.length < count && base.length > 0; n++) {
    for (const b of base) {
      if (out.length === count) break;
      out.push({ ...b, title: `${b.title}（续${n}）` });
    }
  }
  return out;
}

/** Replaces `{name}` placeholders, adding a space where two Latin words would otherwise run together. */
function fillTitle(pattern: string, values: Record<string, string>): string {
  let out = '';
  for (const part of pattern.split(/(\{[a-z]+\})/)) {
    const m = /^\{([a-z]+)\}$/.exec(part);
    const piece = m ? (values[m[1] ?? ''] ?? part) : part;
    if (/[A-Za-z0-9]$/.test(out) && /^[A-Za-z]/.test(piece)) out += ' ';
    out += piece;
  }
  return out;
}

/** The first sentence of the opening paragraph (plus the next ones while they fit), at most 60 characters. */
function summarize(firstParagraph: string): string {
  const sentences = firstParagraph.replace(/\*\*/g, '').match(/[^。！？]+[。！？]?/g) ?? [firstParagraph];
  const first = sentences[0] ?? '';
  if (first.length > SUMMARY_MAX) return `${first.slice(0, SUMMARY_MAX - 1)}…`;
  let out = first;
  for (const s of sentences.slice(1)) {
    if (out.length >= 20 || out.length + s.length > SUMMARY_MAX) break;
    out += s;
  }
  return out;
}

function buildContent(
  rng: Rng,
  content: NewsContent,
  genus: GenusPool,
  category: CategoryPool,
  cat: string,
  year: number,
  choice: TitleChoice,
): string {
  const { pattern, filler } = choice;
  const focus = filler && (pattern.fill === undefined || pattern.kind !== 'plan') ? filler : pick(rng, category.topics);
  const others = category.topics.filter((t) => t !== focus);
  const values: TemplateValues = {
    exam: genus.exam,
    org: genus.org,
    cat: genus.catLabel ? genus.catLabel.replaceAll('{cat}', cat) : cat,
    year,
    x: filler || focus,
    focus,
    focus2: others.length > 0 ? pick(rng, others) : focus,
    schedule: genus.schedule,
    signupWay: genus.signupWay,
    scoreWay: genus.scoreWay,
    examDayItems: genus.examDayItems,
    tips: sample(rng, category.tips, 4),
    mistakes: sample(rng, category.mistakes, 4),
    material: pick(rng, category.materials),
  };
  const templates = templatesFor(content, pattern.kind);
  const forced = pattern.variant === undefined ? undefined : templates[pattern.variant];
  const blocks = blocksOf(forced ?? pick(rng, templates), values);
  const paragraphs = blocks.filter(isParagraph).length;
  if (paragraphs < 3 || (paragraphs < 6 && rng() < 0.5)) blocks.push(...blocksOf(pick(rng, content.closers), values));
  return blocks.join('\n\n');
}

/** Pure and deterministic: the same options always give the same articles, oldest first. */
export function generateArticles(opts: GenerateOptions): GeneratedArticle[] {
  const { genusName, categoryName, count, seed, now } = opts;
  if (count <= 0) return [];
  const content = opts.content ?? defaultNewsContent();
  const { genus, category } = poolsFor(content, genusName, categoryName);
  const rng = mulberry32((seed ^ hashString(`${genusName}/${categoryName}`)) >>> 0);
  const year = yearOf(now);
  const titles = chooseTitles(rng, genus, category, categoryName, year, count);
  const step = Math.max(1, Math.floor(SPAN_SECONDS / count));

  const out: GeneratedArticle[] = titles.map((choice, i) => {
    // Article i lives in its own time slot (i = 0 is the newest), so times are strictly distinct.
    const publishedAt = now - 1800 - i * step - Math.floor(rng() * step);
    const ageDays = (now - publishedAt) / 86400;
    const body = buildContent(rng, content, genus, category, categoryName, year, choice);
    const firstParagraph = body.split('\n\n').find((b) => !b.startsWith('#')) ?? choice.title;
    const spike = rng() < 0.1 ? intBetween(rng, 5000, 30000) : 0;
    return {
      title: choice.title,
      summary: summarize(firstParagraph),
      content: body,
      author: pick(rng, genus.authors),
      source: pick(rng, genus.sources),
      view_count: intBetween(rng, 60, 800) + Math.floor(ageDays * intBetween(rng, 15, 180)) + spike,
      is_home: rng() < 0.2 ? 1 : 0,
      published_at: publishedAt,
    };
  });
  return out.reverse();
}
