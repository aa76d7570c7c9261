import type { AnyEndpoint, OutputOf, ParsedInputOf } from '../../contract/endpoint';
import type { AuthedContext, RequestContext } from './context';

type Ctx<E extends AnyEndpoint> = E['auth'] extends 'required' ? AuthedContext : RequestContext;

export interface RouteHandler {
  endpoint: AnyEndpoint;
  run(input: unknown, ctx: RequestContext): Promise<unknown>;
}

/** Binds a handler to its contract declaration; input and output types come from the contract. */
export function handle<E extends AnyEndpoint>(
  endpoint: E,
  fn: (input: ParsedInputOf<E>, ctx: Ctx<E>) => Promise<OutputOf<E>>,
): RouteHandler {
  return { endpoint, run: (input, ctx) => fn(input as ParsedInputOf<E>, ctx as Ctx<E>) };
}
