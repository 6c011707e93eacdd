import { request } from './httpClient.js';
import type { OrgState } from './session.js';

/** Calls of the Orgs page (spec 002 §2.1, §7) that are not CRUD of the `orgs` declaration. */
export const orgMethods = {
  /** Moves an org under another (PUT /api/orgs/{id}/parent); the server refuses a move under itself or below itself. */
  moveOrg: (id: number, parentId: number) => request<OrgState>(`/api/orgs/${id}/parent`, { method: 'PUT', body: { ParentOrg_Id: parentId } }),
};
