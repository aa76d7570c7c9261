import type * as z from 'zod/mini';
import type { ErrorCode } from './envelope';

/** The services the app talks to. The reference server serves each under a path prefix. */
export type Host = 'platform' | 'member' | 'cet' | 'ai' | 'circle' | 'school';
export type Method = 'GET' | 'POST' | 'DELETE';
/** none: public; optional: a token is read when present; required: 401 without a valid token. */
export type AuthMode = 'none' | 'optional' | 'required';

export interface EndpointDef<I extends z.ZodMiniType, O extends z.ZodMiniType, A extends AuthMode = AuthMode> {
  /** Stable id used by page configs and the client, e.g. `genus.news`. */
  readonly id: string;
  readonly method: Method;
  readonly host: Host;
  /** Path on its host, e.g. `/api/genus/news`. */
  readonly path: string;
  /** Query schema for GET and DELETE, body schema for POST. */
  readonly input: I;
  /** Schema of the envelope's `data` on success. */
  readonly output: O;
  readonly auth: A;
  /** The server sends `data` as `{encrypt}` (AES-256-GCM), the client decrypts it. */
  readonly encrypt?: boolean;
  /**
   * A GET that changes something when asked (a view counter): only the caller's own request may ask it, so the server
   * never asks it on the caller's behalf (the first screen's data in the HTML, src/server/client/first-screen-data.ts).
   */
  readonly effect?: boolean;
  readonly summary: string;
  /**
   * Refusal codes this endpoint's handler can answer beyond the ones every endpoint of its kind can
   * (4000 for an input, 4001 for a signed one, 4010/4440 for auth required), e.g. `[CODE.notFound]`.
   * Published in the OpenAPI document and docs/api.md.
   */
  readonly errors?: readonly ErrorCode[];
  /**
   * What the id-like input fields (`id`, `*_id`, `*Id`) of an `auth: required` endpoint point at: an object the
   * caller owns (`{table, owner}`: the row of `table` whose `column` (default `id`) is the field's value and whose
   * `owner` column holds the user id) or a public row (`{public: reason}`). The owner-matrix test calls the endpoint
   * as another user with the owner's ids and expects the same refusal as for a missing id, with nothing changed;
   * an id-like field left undeclared fails that test. Published as `x-owns` in the OpenAPI document.
   */
  readonly owns?: { readonly [K in keyof z.input<I> & string]?: FieldOwner };
}

/** An owned row (see `EndpointDef.owns`); `table` and the columns are SQL names, checked by the owner-matrix test. */
export interface OwnedBy {
  readonly table: string;
  /** Column holding the owner's user id (`id` for the users table itself). */
  readonly owner: string;
  /** Column the field's value is matched against; default `id`. */
  readonly column?: string;
}
/** A field that names a public row (a subject, a news item): every user may pass any id. */
export interface PublicId {
  readonly public: string;
}
export type FieldOwner = OwnedBy | PublicId;

export type AnyEndpoint = EndpointDef<z.ZodMiniType, z.ZodMiniType>;
export type InputOf<E> = E extends EndpointDef<infer I, z.ZodMiniType, AuthMode> ? z.input<I> : never;
export type ParsedInputOf<E> = E extends EndpointDef<infer I, z.ZodMiniType, AuthMode> ? z.output<I> : never;
export type OutputOf<E> = E extends EndpointDef<z.ZodMiniType, infer O, AuthMode> ? z.output<O> : never;

export function endpoint<I extends z.ZodMiniType, O extends z.ZodMiniType, const A extends AuthMode>(
  def: EndpointDef<I, O, A>,
): EndpointDef<I, O, A> {
  return def;
}

/** Prefix under which the reference server serves each host. The client maps hosts to base URLs. */
export const HOST_PREFIX: Record<Host, string> = {
  platform: '',
  member: '/member',
  cet: '/cet',
  ai: '/ai',
  circle: '/circle',
  school: '/school',
};
