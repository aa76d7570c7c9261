import { type BlockProps, Link } from '../../runtime/block-api';
import type { TopBarProps } from './props.gen';

export default function TopBarBlock({ props }: BlockProps<TopBarProps>) {
  return (
    <header className="top-bar" data-testid="top-bar">
      <h1>{props.title}</h1>
      {props.subtitle ? (
        props.subtitleTo ? (
          <Link className="subject-name" to={props.subtitleTo}>
            {props.subtitle} ▾
          </Link>
        ) : (
          <span className="subject-name">{props.subtitle}</span>
        )
      ) : (
        <span className="subject-name" />
      )}
      {props.right ? (
        <Link className="top-link" to={props.right.to}>
          {props.right.text}
        </Link>
      ) : null}
    </header>
  );
}
