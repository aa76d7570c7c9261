import { i18n } from '../i18n';
import type { PageApi } from './block-api';
import type { Env } from './env';
import { resolveDeep, type Scope } from './expr';
import type { Action, ActionOf, ActionType } from './page-config.gen';

/** The names of the actions a page config may use (one schema file each in `schemas/actions/`) and each one's shape. */
export type { ActionOf, ActionType };

/** What a handler may use: the environment, the page, the scope the action runs in. */
export interface ActionContext {
  env: Env;
  page: PageApi;
  scope: Scope;
  /** Runs follow-up actions (e.g. a call's `then`) with extra scope. */
  run(actions: Action | readonly Action[] | undefined, extraScope?: Scope): Promise<void>;
}

/** Runs one action; false stops the actions after it (e.g. a failed call skips its follow-ups). */
export type ActionHandler<T extends ActionType> = (action: ActionOf<T>, ctx: ActionContext) => boolean | Promise<boolean>;

interface Registered {
  handler: ActionHandler<never>;
  /** Keys left unresolved: the handler evaluates them itself (e.g. `then`, once `result` is known). */
  raw: readonly string[];
}

const table = new Map<string, Registered>();

/**
 * Adds an action to the table. The action's JSON Schema is `schemas/actions/<type>.schema.json`
 * (the page schema's action union is generated from those files); the handler runs it.
 * Core modules register their own actions (pay, play video, open reader…) from `src/app`.
 */
export function registerAction<T extends ActionType>(type: T, handler: ActionHandler<T>, options: { raw?: readonly string[] } = {}): void {
  if (table.has(type)) throw new Error(`操作类型重复注册：${type}`);
  table.set(type, { handler: handler as unknown as ActionHandler<never>, raw: options.raw ?? [] });
}

export function registeredActions(): string[] {
  return [...table.keys()].sort();
}

/** Test helper: forget every registration. */
export function clearActions(): void {
  table.clear();
}

function resolveAction(action: Action, raw: readonly string[], scope: Scope): Action {
  const source = action as unknown as Record<string, unknown>;
  const resolved: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) resolved[k] = raw.includes(k) ? v : resolveDeep(v, scope);
  return resolved as unknown as Action;
}

/** Runs actions in order; stops at the first one that fails. */
export async function runActions(actions: Action | readonly Action[] | undefined, ctx: ActionContext): Promise<void> {
  if (!actions) return;
  const list: readonly Action[] = Array.isArray(actions) ? actions : [actions as Action];
  for (const action of list) {
    const entry = table.get(action.action);
    if (!entry) {
      ctx.env.toast(`${i18n.runtime.unknownAction} ${action.action}`);
      return;
    }
    const ok = await entry.handler(resolveAction(action, entry.raw, ctx.scope) as never, ctx);
    if (!ok) return;
  }
}
