import { useEffect, useState } from 'react';
import { i18n } from '../../i18n';
import type { BlockProps, Env, OutputOfId, SubjectChoice } from '../../runtime/block-api';
import { examOf, scopeText } from '../shared/scope';
import type { SubjectPickerProps } from './props.gen';
import './subject-picker.css';

type Genus = OutputOfId<'genus.genus'>[number];
type Category = OutputOfId<'genus.category'>[number];

/** Where to go after choosing: the `redirect` query when it is a same-site path other than this page, else home. */
export function returnTarget(redirect: string | undefined): string {
  const r = redirect ?? '/';
  return r.startsWith('/') && !r.startsWith('//') && !r.startsWith('/\\') && !r.startsWith('/study/category') ? r : '/';
}

/** Sets the subject (and its history), then goes back to where the user came from. */
export function chooseSubject(env: Env, choice: SubjectChoice, redirect: string | undefined): void {
  env.subject.select(choice);
  env.navigate(returnTarget(redirect), { replace: true });
}

/** `/study/category`: history chips, genus tabs and the categories of the active genus. */
export default function SubjectPicker({ props, env, scope }: BlockProps<SubjectPickerProps>) {
  const exam = examOf(scope);
  const redirect = scopeText(scope, 'query', 'redirect');
  const [genera, setGenera] = useState<Genus[]>([]);
  const [active, setActive] = useState<number | null>(exam.genus_id);
  const [categories, setCategories] = useState<Category[]>([]);
  const history = env.subject.history();

  useEffect(() => {
    env.call('genus.genus', {}).then((res) => {
      if (res.status !== 0 || !res.data) return env.toast(res.msg);
      setGenera(res.data);
      setActive((a) => a ?? res.data?.[0]?.id ?? null);
    });
  }, [env]);
  useEffect(() => {
    if (active === null) return;
    env
      .call('genus.category', { genus_id: active })
      .then((res) => (res.status === 0 && res.data ? setCategories(res.data) : env.toast(res.msg)));
  }, [env, active]);

  const choose = (choice: SubjectChoice) => chooseSubject(env, choice, redirect);

  return (
    <section className="subject-picker" data-testid="subject-picker" aria-labelledby="subject-picker-heading">
      <header className="subject-picker-head">
        <h1 id="subject-picker-heading">{props.heading ?? i18n.subject.heading}</h1>
        <p>{props.hint ?? i18n.subject.hint}</p>
      </header>
      {history.length ? (
        <div className="subject-history">
          <h2>{props.historyTitle ?? i18n.subject.history}</h2>
          <div className="chips">
            {history.map((h) => (
              <button key={`${h.genusId}-${h.categoryId}`} type="button" className="chip" onClick={() => choose(h)}>
                {h.name}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <div className="subject-columns">
        <div className="genus-tabs" role="tablist">
          {genera.map((g) => (
            <button
              key={g.id}
              type="button"
              role="tab"
              aria-selected={g.id === active}
              className={g.id === active ? 'active' : ''}
              onClick={() => setActive(g.id)}
            >
              {g.name}
            </button>
          ))}
        </div>
        <ul className="category-list">
          {categories.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={c.id === exam.category_id ? 'chip selected' : 'chip'}
                data-category={c.id}
                onClick={() => choose({ genusId: c.genus_id, categoryId: c.id, name: c.name })}
              >
                {c.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
