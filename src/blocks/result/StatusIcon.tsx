import type { ResultProps } from './props.gen';

const COLORS: Record<ResultProps['status'], string> = {
  success: '#19be6b',
  error: '#ed4014',
  empty: '#c5c8ce',
  info: '#2f7cf6',
  waiting: '#ff9900',
};

/** A round status icon drawn inline (no image request). */
export function StatusIcon({ status }: { status: ResultProps['status'] }) {
  const c = COLORS[status];
  return (
    <svg className="result-icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" data-status={status}>
      {status === 'empty' ? (
        <>
          <path d="M10 38 L20 18 H44 L54 38 V50 H10 Z" fill="none" stroke={c} strokeWidth="3" strokeLinejoin="round" />
          <path d="M10 38 H24 L27 43 H37 L40 38 H54" fill="none" stroke={c} strokeWidth="3" strokeLinejoin="round" />
        </>
      ) : (
        <circle cx="32" cy="32" r="28" fill={c} />
      )}
      {status === 'success' ? (
        <path d="M19 33 L28 42 L46 23" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      ) : null}
      {status === 'error' ? <path d="M22 22 L42 42 M42 22 L22 42" stroke="#fff" strokeWidth="5" strokeLinecap="round" /> : null}
      {status === 'info' ? <path d="M32 28 V45 M32 19 V20" stroke="#fff" strokeWidth="5" strokeLinecap="round" /> : null}
      {status === 'waiting' ? (
        <path d="M32 17 V32 L42 38" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      ) : null}
    </svg>
  );
}
