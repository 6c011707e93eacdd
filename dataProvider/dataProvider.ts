import { withLifecycleCallbacks, type DataProvider } from 'react-admin';
import type { ResourceDeclaration } from '../resources/declaration.js';
import type { SecuritySettings } from '../shared/api/configuration.js';
import { resourceByName } from '../resources/index.js';
import { request } from './httpClient.js';
import { identityMethods } from './identity.js';
import { callOperation } from './operations.js';
import { resourceDataProvider } from './resourceAdapter.js';
import { writeState, type LookupListState, type OrgState, type SessionPermissions } from './session.js';

export { pageInMemory, valueAt } from './resourceAdapter.js';

function declarationOf(resource: string): ResourceDeclaration {
  const declaration = resourceByName(resource);
  if (!declaration) throw new Error(`No declaration for resource ${resource}`);
  return declaration;
}

/** Named calls of the documented API that are not CRUD on a declared resource. */
export const customMethods = {
  getSecuritySettings: () => request<SecuritySettings>('/api/security'),
  getLookupLists: () => request<LookupListState[]>('/api/types'),
  getOrgs: () => request<OrgState[]>('/api/orgs', { query: { includeHidden: true } }),
  getCurrentUser: () => request<Record<string, unknown>>('/api/user'),
  getUserPermissions: () => request<SessionPermissions>('/api/user/permissions'),
};

const allMethods = { ...customMethods, ...identityMethods };

export type DossierDataProvider = DataProvider & typeof allMethods & { callOperation: typeof callOperation };

/**
 * The one data provider: every declared resource through the declaration adapter, wrapped in the lifecycle
 * callbacks that keep session state in step, plus the named workflow calls.
 */
const base = withLifecycleCallbacks(resourceDataProvider(declarationOf), [
  {
    // Saved security settings change this session's auto-logout too.
    resource: 'security',
    afterUpdate: async (result) => {
      const saved = result.data as unknown as SecuritySettings;
      writeState((s) => ({ ...s, account: { ...s.account, autoLogoutMinutes: saved.AutoLogoutTime } }));
      return result;
    },
  },
]);

// supportAbortSignal: react-admin hands each read its query's AbortSignal, so a newer list search cancels one in flight.
export const dataProvider: DossierDataProvider = Object.assign(base, allMethods, { callOperation, supportAbortSignal: true });
