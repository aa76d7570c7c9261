import { call } from '../api';
import { endpointTable } from '../runtime/endpoint-table.gen';
import type { Env } from '../runtime/env';

/** Typed call by endpoint id through the request layer (the compact table knows method, host and path). */
export const callId: Env['call'] = (id, input, opts) => call(endpointTable[id], input ?? {}, opts) as ReturnType<Env['call']>;
