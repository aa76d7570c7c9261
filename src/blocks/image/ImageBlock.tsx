import type { CSSProperties } from 'react';
import type { BlockProps } from '../../runtime/block-api';
import './image.css';
import type { ImageProps } from './props.gen';

/** '16:9' → '16 / 9' (CSS aspect-ratio); undefined for anything else. */
export function aspectRatio(ratio: string | undefined): string | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(ratio ?? '');
  if (!m || Number(m[1]) <= 0 || Number(m[2]) <= 0) return undefined;
  return `${m[1]} / ${m[2]}`;
}

/** A picture; tapping runs its actions. */
export default function ImageBlock({ props, run }: BlockProps<ImageProps>) {
  if (!props.src) return null;
  const ratio = aspectRatio(props.ratio);
  const style: CSSProperties = {
    ...(ratio ? { aspectRatio: ratio } : {}),
    ...(props.radius ? { borderRadius: props.radius } : {}),
  };
  const actions = props.actions;
  return (
    <div className={`bk-image bk-image-${props.width ?? 'full'}${actions?.length ? ' tappable' : ''}`} data-testid="image">
      <img
        src={props.src}
        alt={props.alt ?? ''}
        loading={props.lazy === false ? 'eager' : 'lazy'}
        decoding="async"
        className={ratio ? 'bk-image-fixed' : undefined}
        style={style}
        onClick={actions?.length ? () => void run(actions) : undefined}
      />
    </div>
  );
}
