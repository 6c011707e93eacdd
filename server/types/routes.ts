import { route, type ApiArea } from '../http/route.js';
import { loadLookupLists } from './lookups.js';

const lookupItem = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Short: { type: 'string' },
    Description: { type: ['string', 'null'] },
    Hidden: { type: 'boolean' },
  },
} as const;

export const lookupListResponse = {
  type: 'object',
  properties: {
    TableName: { type: 'string' },
    FormattedTableName: { type: 'string' },
    IsDynamic: { type: 'boolean' },
    Types: { type: 'array', items: lookupItem },
  },
} as const;

/** Lookup lists as every signed-in screen reads them (the session cache loads them all at sign-in). */
export const typesReadArea: ApiArea = {
  name: 'types-read',
  routes: [
    route({
      method: 'GET',
      url: '/api/types',
      access: 'signedIn',
      summary: 'All lookup lists with their items',
      schema: { response: { 200: { type: 'array', items: lookupListResponse } } },
      async handler(request) {
        return loadLookupLists(request.server.db);
      },
    }),
  ],
};
