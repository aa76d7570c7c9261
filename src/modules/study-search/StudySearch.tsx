import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { searchKinds } from '../../contract/study';
import { relativeTime } from '../../format/time';
import { type BlockProps, Link, type OutputOfId } from '../../runtime/block-api';
import { examOf, scopeText } from '../shared/scope';
import type { StudySearchProps } from './props.gen';
import { DEFAULT_HISTORY_MAX, highlightParts, hitRoute, pushHistory, readHistory, saveHistory, wordQuery } from './search-state';
import './study-search.css';
import { studySearch } from '../../i18n/zh-CN/study-search';

const t = studySearch;
type Result = OutputOfId<'study.search'>;

function Marked({ text, word }: { text: string; word: string }) {
  return (
    <>
      {highlightParts(text, word).map((p, i) =>
        p.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string, never reordered.
          <mark key={i}>{p.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

export function Results({ result }: { result: Result }) {
  if (result.total === 0)
    return (
      <p className="search-empty" data-testid="search-empty">
        {t.noResult(result.word)}
      </p>
    );
  return (
    <div className="search-results" data-testid="search-results">
      <p className="search-total">{t.total(result.total)}</p>
      {searchKinds.map((kind) =>
        result[kind].length ? (
          <section key={kind} className="search-group" data-kind={kind}>
            <h2>
              {t.kinds[kind]}
              <span className="search-group-count">{result[kind].length}</span>
            </h2>
            <ul>
              {result[kind].map((hit) => (
                <li key={hit.id}>
                  <Link className="search-hit" to={hitRoute(kind, hit.id)}>
                    <h3>
                      <Marked text={hit.title} word={result.word} />
                    </h3>
                    {hit.summary ? <p className="search-hit-summary">{hit.summary}</p> : null}
                    <p className="search-hit-meta">{relativeTime(hit.published_at)}</p>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </div>
  );
}

function Chips({ title, words, onPick, action }: { title: string; words: readonly string[]; onPick(w: string): void; action?: ReactNode }) {
  if (!words.length) return null;
  return (
    <section className="search-chips" data-testid={title === t.history ? 'search-history' : 'search-hot'}>
      <header>
        <h2>{title}</h2>
        {action}
      </header>
      <div className="chips">
        {words.map((w) => (
          <button key={w} type="button" className="chip" onClick={() => onPick(w)}>
            {w}
          </button>
        ))}
      </div>
    </section>
  );
}

/** Search within the selected subject: input, hot words, stored history, results grouped by kind. */
export default function StudySearch({ props, env, scope }: BlockProps<StudySearchProps>) {
  const exam = examOf(scope);
  const urlWord = scopeText(scope, 'query', 'word') ?? '';
  const [input, setInput] = useState(urlWord);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [history, setHistory] = useState<string[]>(() => readHistory(env.storage));
  const seq = useRef(0);
  const lastWord = useRef(urlWord.trim());
  const max = props.historyMax ?? DEFAULT_HISTORY_MAX;
  const hot = Array.isArray(props.hotWords) ? props.hotWords.map((h) => h.word).filter((w) => typeof w === 'string' && w !== '') : [];

  const run = useCallback(
    async (raw: string) => {
      const word = raw.trim();
      if (!word) {
        setMessage(t.needWord);
        env.toast(t.needWord);
        return;
      }
      if (exam.genus_id === null || exam.category_id === null) return;
      const mine = ++seq.current;
      lastWord.current = word;
      setInput(word);
      setBusy(true);
      setMessage('');
      const res = await env.call('study.search', {
        genus_id: exam.genus_id,
        category_id: exam.category_id,
        word,
        count: props.count ?? 10,
      });
      if (mine !== seq.current) return;
      setBusy(false);
      if (res.status !== 0 || !res.data) {
        setMessage(res.msg);
        env.toast(res.msg);
        return;
      }
      setResult(res.data);
      setHistory((h) => {
        const next = pushHistory(h, word, max);
        saveHistory(env.storage, next);
        return next;
      });
      env.navigate(wordQuery(word), { replace: true });
    },
    [env, exam.genus_id, exam.category_id, props.count, max],
  );

  // On entering with ?word=, and again when the subject changes, (re)run the last search for the new subject.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the subject should trigger this.
  useEffect(() => {
    if (lastWord.current) void run(lastWord.current);
  }, [exam.genus_id, exam.category_id]);

  const reset = () => {
    seq.current += 1;
    lastWord.current = '';
    setInput('');
    setResult(null);
    setBusy(false);
    setMessage('');
    env.navigate(wordQuery(''), { replace: true });
  };
  const clearHistory = () => {
    setHistory([]);
    saveHistory(env.storage, []);
    env.toast(t.historyCleared);
  };

  return (
    <section className="study-search" data-testid="study-search">
      <form
        className="search-bar"
        onSubmit={(e) => {
          e.preventDefault();
          void run(input);
        }}
      >
        <input
          name="word"
          type="search"
          aria-label={t.inputLabel}
          value={input}
          placeholder={props.placeholder || t.placeholder}
          maxLength={50}
          enterKeyHint="search"
          onChange={(e) => setInput(e.target.value)}
        />
        {input ? (
          <button type="button" className="search-clear" aria-label={t.clearInput} onClick={reset}>
            ×
          </button>
        ) : null}
        <button type="submit" className="search-submit" disabled={busy}>
          {busy ? t.searching : t.submit}
        </button>
      </form>
      {message ? (
        <p className="search-message" role="alert" data-testid="search-message">
          {message}
        </p>
      ) : null}
      {result ? <Results result={result} /> : null}
      {result ? null : (
        <>
          <Chips
            title={t.history}
            words={history}
            onPick={(w) => void run(w)}
            action={
              <button type="button" className="link-button search-history-clear" onClick={clearHistory}>
                {t.clearHistory}
              </button>
            }
          />
          <Chips title={t.hotWords} words={hot} onPick={(w) => void run(w)} />
        </>
      )}
    </section>
  );
}
