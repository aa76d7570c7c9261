import { allEndpoints } from '../contract';
import type { AnyEndpoint } from '../contract/endpoint';

const byId = new Map<string, AnyEndpoint>(allEndpoints.map((e) => [e.id, e]));

/** The contract endpoint a page config names (e.g. "genus.news"). */
export function endpointById(id: string): AnyEndpoint | undefined {
  return byId.get(id);
}
