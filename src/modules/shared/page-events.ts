/** The document and window events a module listens to (visibility, pagehide, online): the real ones, fakes in tests. */
export interface PageEvents {
  doc: (EventTarget & { readonly visibilityState: string }) | null;
  win: EventTarget | null;
}

export function defaultEvents(): PageEvents {
  return {
    doc: typeof document === 'undefined' ? null : document,
    win: typeof window === 'undefined' ? null : window,
  };
}
