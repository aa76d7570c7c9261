import { useEffect, useRef } from 'react';
import type { BlockProps } from '../../runtime/block-api';
import type { OnEnterProps } from './props.gen';
import { runOnce } from './run-once';

/** Runs `actions` once after it first mounts; renders nothing. */
export default function OnEnterBlock({ props, run }: BlockProps<OnEnterProps>) {
  const latch = useRef(false);
  const actions = props.actions;
  useEffect(() => {
    runOnce(latch, () => void run(actions));
  }, [actions, run]);
  return null;
}
