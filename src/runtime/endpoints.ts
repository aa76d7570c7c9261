import { type EndpointId, type EndpointMeta, endpointTable } from './endpoint-table.gen';

/** The endpoint a page config names (e.g. "genus.news"), from the compact generated table. */
export function endpointById(id: string): EndpointMeta | undefined {
  return Object.hasOwn(endpointTable, id) ? endpointTable[id as EndpointId] : undefined;
}
