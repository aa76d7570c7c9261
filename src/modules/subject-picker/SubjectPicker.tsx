import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { call } from '../../api';
import { categoryList, genusList } from '../../contract/genus';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { examContext, selectSubject, subjectHistory } from '../../state/exam-context';
import { showToast } from '../../state/ui';
import type { SubjectPickerProps } from './props.gen';
import './subject-picker.css';

type Genus = { id: number; name: string };
type Category = { id: number; genus_id: number; name: string };

function returnTarget(search: string): string {
  const r = new URLSearchParams(search).get('redirect') ?? '/';
  return r.startsWith('/') && !r.startsWith('//') && !r.startsWith('/study/category') ? r : '/';
}

export default function SubjectPicker({ props }: BlockProps<SubjectPickerProps>) {
  const navigate = useNavigate();
  const location = useLocation();
  const exam = useSnapshot(examContext);
  const [genera, setGenera] = useState<Genus[]>([]);
  const [active, setActive] = useState<number | null>(exam.genus_id);
  const [categories, setCategories] = useState<Category[]>([]);
  const history = subjectHistory();

  useEffect(() => {
    call(genusList, {}).then((res) => {
      if (res.status !== 0 || !res.data) return showToast(res.msg);
      setGenera(res.data);
      setActive((a) => a ?? res.data?.[0]?.id ?? null);
    });
  }, []);
  useEffect(() => {
    if (active === null) return;
    call(categoryList, { genus_id: active }).then((res) => (res.status === 0 && res.data ? setCategories(res.data) : showToast(res.msg)));
  }, [active]);

  const choose = (genusId: number, categoryId: number, name: string) => {
    selectSubject(genusId, categoryId, name);
    navigate(returnTarget(location.search), { replace: true });
  };

  return (
    <section className="subject-picker" data-testid="subject-picker">
      {history.length ? (
        <div className="subject-history">
          <h2>{props.historyTitle ?? i18n.subject.history}</h2>
          <div className="chips">
            {history.map((h) => (
              <button key={`${h.genusId}-${h.categoryId}`} type="button" className="chip" onClick={() => choose(h.genusId, h.categoryId, h.name)}>
                {h.name}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <div className="subject-columns">
        <div className="genus-tabs" role="tablist">
          {genera.map((g) => (
            <button key={g.id} type="button" role="tab" aria-selected={g.id === active} className={g.id === active ? 'active' : ''} onClick={() => setActive(g.id)}>
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
                onClick={() => choose(c.genus_id, c.id, c.name)}
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
