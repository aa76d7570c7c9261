import { i18n } from '../../i18n';
import { type BlockProps, Link } from '../../runtime/block-api';
import type { ComingSoonProps } from './props.gen';

export default function ComingSoonBlock({ props }: BlockProps<ComingSoonProps>) {
  return (
    <section className="result-state coming-soon" data-testid="coming-soon">
      <div className="result-icon" aria-hidden="true">
        ⏳
      </div>
      {props.title ? <h2>{props.title}</h2> : null}
      <p>{props.text || i18n.runtime.comingSoon}</p>
      {props.homeLink === false ? null : <Link to="/">{i18n.notFound.goHome}</Link>}
    </section>
  );
}
