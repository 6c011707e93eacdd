import { authOf } from '../http/access.js';
import { route, type ApiArea } from '../http/route.js';
import { orgScopeOf } from './scope.js';

const orgSummary = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    ParentOrg_Id: { type: ['integer', 'null'] },
    Hidden: { type: 'boolean' },
    ContractType_Id: { type: ['integer', 'null'] },
    Code: { type: ['string', 'null'] },
  },
} as const;

/** The org list that trees and pickers read, limited to the caller's org scope. */
export const orgsReadArea: ApiArea = {
  name: 'orgs-read',
  routes: [
    route<{ Querystring: { includeHidden?: boolean } }>({
      method: 'GET',
      url: '/api/orgs',
      access: 'signedIn',
      summary: "Orgs in the caller's scope; hidden ones only with includeHidden=true",
      schema: {
        querystring: { type: 'object', properties: { includeHidden: { type: 'boolean', default: false } } },
        response: { 200: { type: 'array', items: orgSummary } },
      },
      async handler(request) {
        const { db } = request.server;
        const scope = await orgScopeOf(db, authOf(request));
        if (!scope.all && scope.ids.size === 0) return [];
        let query = db.selectFrom('orgs').select(['Id', 'Name', 'ParentOrg_Id', 'Hidden', 'ContractType_Id', 'Code']);
        if (!request.query.includeHidden) query = query.where('Hidden', '=', false);
        if (!scope.all) query = query.where('Id', 'in', [...scope.ids]);
        return query.orderBy('Name').execute();
      },
    }),
  ],
};
