import { useEffect } from 'react';
import type { BlockProps } from '../../runtime/block-api';
import { checkGoodSubject } from './check';
import type { MallGenusCheckProps } from './props.gen';

/** Renders nothing: asks for the good's subject once per good id and, on a non-zero status, shows the error dialog. */
export default function MallGenusCheck({ props, env }: BlockProps<MallGenusCheckProps>) {
  const { goodId, title, okText, cancelText } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one check per good id; the texts and env do not change the answer
  useEffect(() => {
    let alive = true;
    void checkGoodSubject(
      env,
      goodId,
      { title, okText, cancelText },
      () => window.location.reload(),
      () => alive,
    );
    return () => {
      alive = false;
    };
  }, [goodId]);
  return null;
}
