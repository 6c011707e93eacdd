import { IdentityTexts } from '../../shared/texts/identity.js';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ViewTexts } from '../resources/resourceTexts.js';

const S = IdentityTexts.screens;

const fullName = (r: ApiRecord) => [r.FirstName, r.LastName].filter(Boolean).join(' ');
const nameOf = (r: ApiRecord) => String(r.Name ?? '');

const U = IdentityTexts.users;

/** What the users list says (spec 000 §2 "Identity: Users", §8): its toasts, the edit form, the delete confirmation. */
export const usersTexts: ViewTexts = {
  created: (r) => S.userCreated(fullName(r)),
  updated: (r) => S.userUpdated(fullName(r)),
  deleted: (r) => U.deleted(String(r.FirstName ?? ''), String(r.LastName ?? '')),
  deleteFailed: U.unableToDelete,
  add: () => 'New User',
  editTitle: (r) => fullName(r),
  editSubmit: 'Save User',
  empty: S.noUsers,
  remove: { confirmTitle: () => U.deleteTitle, confirmBody: () => U.deleteBody, confirmLabel: U.deleteButton },
};

const G = IdentityTexts.groups;

/** What the groups list says (spec 000 §2 "Identity: Groups", §8): 'New Group' opens the create form, 'Create Group' saves it. */
export const groupsTexts: ViewTexts = {
  created: (r) => G.created(nameOf(r)),
  updated: (r) => G.updated(nameOf(r)),
  deleted: (r) => G.deleted(nameOf(r)),
  deleteFailed: (r) => G.unableToDelete(nameOf(r)),
  add: () => 'New Group',
  createSubmit: 'Create Group',
  editTitle: nameOf,
  editSubmit: 'Save Group',
  empty: S.noGroups,
  remove: { confirmTitle: (r) => G.deleteTitle(nameOf(r)), confirmBody: () => S.groupDeleteBody },
};
