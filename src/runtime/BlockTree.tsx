import { Component, memo, type ReactNode, Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import { i18n } from '../i18n';
import type { BlockProps, PageApi } from './block-api';
import type { Env } from './env';
import { evaluate, resolveDeep, type Scope } from './expr';
import { ChunkLoadError } from './lazy-timeout';
import type { Action, BlockNode } from './page-config.gen';
import { getBlock } from './registry';

const DEV = import.meta.env.DEV;

export interface TreeContext {
  page: PageApi;
  env: Env;
  run(actions: Action | readonly Action[] | undefined, scope: Scope): Promise<void>;
  /** Config file, for error boxes in development. */
  file: string;
}

/** A visible error in development (file and JSON path); nothing in production. */
function DevError({ where, message }: { where: string; message: string }) {
  if (!DEV) return null;
  return (
    <div className="block-error" role="alert" data-testid="block-error">
      <b>{where}</b>: {message}
    </div>
  );
}

/** A block's code that could not be loaded (offline, new deploy, 120 s timeout): the user can reload. */
function ChunkRetry() {
  return (
    <div className="block-retry" role="alert">
      {i18n.runtime.pageLoadFailed}
      <button type="button" className="link-button" onClick={() => globalThis.location.reload()}>
        {i18n.runtime.retry}
      </button>
    </div>
  );
}

class Boundary extends Component<{ where: string; children: ReactNode }, { error: string; chunk: boolean }> {
  override state = { error: '', chunk: false };
  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e), chunk: e instanceof ChunkLoadError };
  }
  override render() {
    if (this.state.chunk) return <ChunkRetry />;
    return this.state.error ? (
      <DevError where={this.props.where} message={`${i18n.runtime.blockFailed}：${this.state.error}`} />
    ) : (
      this.props.children
    );
  }
}

function safeEvaluate(expr: string, scope: Scope): unknown {
  try {
    return evaluate(expr, scope);
  } catch {
    return false;
  }
}

/** One block; kept as it is when a render of its list passes the same node, scope and context (memo). */
const BlockView = memo(function BlockView({ node, scope, ctx, path }: { node: BlockNode; scope: Scope; ctx: TreeContext; path: string }) {
  const def = getBlock(node.type);
  const visible = node.visibleOn ? Boolean(safeEvaluate(node.visibleOn, scope)) : true;
  const props = useMemo(() => {
    if (!def || !visible) return {};
    const raw = node.props ?? {};
    const keep = new Set(def.rawProps ?? []);
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, keep.has(k) ? v : resolveDeep(v, scope)]));
  }, [def, visible, node.props, scope]);
  if (!visible) return null;
  const where = `${ctx.file} ${path}`;
  if (!def) return <DevError where={where} message={`${i18n.runtime.unknownBlock} "${node.type}"`} />;
  const blockProps: BlockProps<never> = {
    props: props as never,
    node,
    scope,
    page: ctx.page,
    env: ctx.env,
    children: node.children ? <BlockList nodes={node.children} scope={scope} ctx={ctx} path={`${path}/children`} /> : null,
    renderBlocks: (nodes, extra) =>
      nodes ? <BlockList nodes={nodes} scope={extra ? { ...scope, ...extra } : scope} ctx={ctx} path={`${path}/props`} /> : null,
    run: (actions, extra) => ctx.run(actions, extra ? { ...scope, ...extra } : scope),
  };
  const C = def.Component;
  return (
    <Boundary where={where}>
      <Suspense fallback={null}>
        <C {...blockProps} />
      </Suspense>
    </Boundary>
  );
});

/** Blocks added per later step of a list rendered in steps. */
const STEP = 2;

/** Runs `fn` in a task after the next frame is painted (a timer where there are no frames: tests, hidden tabs). */
function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame =
    typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible'
      ? requestAnimationFrame(() => {
          timer = setTimeout(fn, 0);
        })
      : undefined;
  if (frame === undefined) timer = setTimeout(fn, 0);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * How many of `total` blocks to render: `first` at once, then `STEP` more after each painted frame, as transitions,
 * until all are there. The first screen's blocks are committed, laid out and painted on their own; what lies below
 * follows in short tasks, not in one long task of rendering and first layout.
 */
export function useStepCount(total: number, first: number): number {
  const [count, setCount] = useState(() => Math.min(total, first));
  const shown = Math.min(total, count);
  useEffect(() => {
    if (shown >= total) return;
    return afterNextPaint(() => startTransition(() => setCount((c) => Math.min(total, c + STEP))));
  }, [shown, total]);
  return shown;
}

/** Renders a list of block nodes against a scope (the first `count` of them: a page's blocks come in steps). */
export function BlockList({
  nodes,
  scope,
  ctx,
  path,
  count = nodes.length,
}: {
  nodes: readonly BlockNode[];
  scope: Scope;
  ctx: TreeContext;
  path: string;
  count?: number;
}) {
  return (
    <>
      {nodes.slice(0, count).map((node, i) => (
        <BlockView key={node.id ?? `${node.type}-${i}`} node={node} scope={scope} ctx={ctx} path={`${path}/${i}`} />
      ))}
    </>
  );
}
