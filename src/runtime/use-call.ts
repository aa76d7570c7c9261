import { useEffect, useState } from 'react';
import type { EndpointId } from './endpoint-table.gen';
import { type InputOfId, type OutputOfId, useEnv } from './env';

export interface CallState<T> {
  data: T | null;
  loading: boolean;
  error: string;
}

/** For hand-coded modules: fetches an endpoint when `input` changes (null skips); data is kept only on status 0. */
export function useCall<K extends EndpointId>(id: K, input: InputOfId<K> | null): CallState<OutputOfId<K>> {
  const env = useEnv();
  const [state, setState] = useState<CallState<OutputOfId<K>>>({ data: null, loading: input !== null, error: '' });
  const key = input === null ? null : JSON.stringify(input);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: '' }));
    env.call(id, JSON.parse(key) as InputOfId<K>).then((res) => {
      if (!live) return;
      if (res.status === 0) setState({ data: res.data as OutputOfId<K>, loading: false, error: '' });
      else setState((s) => ({ ...s, loading: false, error: res.msg }));
    });
    return () => {
      live = false;
    };
  }, [env, id, key]);
  return state;
}
