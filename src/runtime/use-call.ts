import { useEffect, useState } from 'react';
import { call } from '../api';
import type { AnyEndpoint, InputOf, OutputOf } from '../contract/endpoint';

export interface CallState<T> {
  data: T | null;
  loading: boolean;
  error: string;
}

/** For hand-coded modules: fetches an endpoint when `input` changes (null skips); data is kept only on status 0. */
export function useCall<E extends AnyEndpoint>(endpoint: E, input: InputOf<E> | null): CallState<OutputOf<E>> {
  const [state, setState] = useState<CallState<OutputOf<E>>>({ data: null, loading: input !== null, error: '' });
  const key = input === null ? null : JSON.stringify(input);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: '' }));
    call(endpoint, JSON.parse(key) as InputOf<E>).then((res) => {
      if (!live) return;
      if (res.status === 0) setState({ data: res.data as OutputOf<E>, loading: false, error: '' });
      else setState((s) => ({ ...s, loading: false, error: res.msg }));
    });
    return () => {
      live = false;
    };
  }, [endpoint, key]);
  return state;
}
