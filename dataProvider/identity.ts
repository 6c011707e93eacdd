import { request, type FileAnswer } from './httpClient.js';

import type {
  Group,
  PartnerFile,
  UserAddress as StoredAddress,
  UserClearance as StoredClearance,
  UserCredential as StoredCredential,
  UserEmail as StoredEmail,
  UserPhone as StoredPhone,
  UserRecord,
  UsersPage,
  UsersQuery,
} from '../shared/api/identity.js';

export type { Group, PartnerFile, UserRecord, UserRow, UsersPage, UsersQuery } from '../shared/api/identity.js';

/** A sub-list entry as the forms edit and save it: a new one has no Id yet. */
type Unsaved<T extends { Id: number }> = Omit<T, 'Id'> & { Id?: number };
export type UserEmail = Unsaved<StoredEmail>;
export type UserPhone = Unsaved<StoredPhone>;
export type UserAddress = Unsaved<StoredAddress>;
export type UserCredential = Unsaved<StoredCredential>;
export type UserClearance = Unsaved<StoredClearance>;

/** What a save sends: the record's own fields, its sub-lists and the chosen groups. */
export type UserSave = Partial<
  Omit<
    UserRecord,
    | 'Id' | 'Org' | 'Manager' | 'Groups' | 'EmailConfirmed' | 'LockoutEndDateUtc' | 'WorkStatus' | 'ContractTypes'
    | 'Emails' | 'PhoneNumbers' | 'Addresses' | 'Credentials' | 'Clearances'
  >
> & {
  GroupIds?: number[];
  Emails?: UserEmail[];
  PhoneNumbers?: UserPhone[];
  Addresses?: UserAddress[];
  Credentials?: UserCredential[];
  Clearances?: UserClearance[];
};

const user = (id: number) => `/api/identity/users/${id}`;
const group = (id: number) => `/api/identity/groups/${id}`;

/** Calls of identity administration, the own account, account recovery and the partner file tool (spec 000 §7). */
export const identityMethods = {
  // Users
  searchUsers: (query: UsersQuery, signal?: AbortSignal) => request<UsersPage>('/api/identity/users', { method: 'POST', body: query, signal }),
  getUser: (id: number) => request<UserRecord>(user(id)),
  createUser: (body: UserSave) => request<UserRecord>('/api/identity/users/create', { method: 'POST', body }),
  updateUser: (id: number, body: UserSave) => request<UserRecord>(user(id), { method: 'PATCH', body }),
  deleteUser: (id: number) => request<unknown>(user(id), { method: 'DELETE' }),
  lockUser: (id: number, LockUntil: string | null, LockForever: boolean) =>
    request<{ LockoutEndDateUtc: string | null }>(`${user(id)}/lock`, { method: 'PUT', body: { LockUntil, LockForever } }),
  unlockUser: (id: number) => request<{ LockoutEndDateUtc: string | null }>(`${user(id)}/lock`, { method: 'DELETE' }),
  /** Resend verification: the anonymous mail call, then the admin follow-up that deactivates until confirmed. */
  resendVerification: async (id: number, LockUntil: string | null, LockForever: boolean) => {
    await request('/api/user/resendmail', { method: 'POST', body: { UserId: id }, anonymous: true });
    return request<{ LockoutEndDateUtc: string | null }>(`${user(id)}/resendmail`, { method: 'POST', body: { LockUntil, LockForever } });
  },

  // Groups, roles, tags
  getRoles: () => request<{ Id: number; Name: string }[]>('/api/identity/roles'),
  getCategories: () => request<Record<string, string[]>>('/api/identity/categories'),
  getGroups: () => request<Group[]>('/api/identity/groups'),
  createGroup: (body: { Name: string; Description: string | null }) => request<Group>('/api/identity/groups', { method: 'POST', body }),
  updateGroup: (id: number, body: { Id: number; Name: string; Description: string | null }) => request<Group>(group(id), { method: 'PATCH', body }),
  deleteGroup: (id: number) => request<unknown>(group(id), { method: 'DELETE' }),
  addGroupRole: (id: number, roleId: number) => request<Group>(`${group(id)}/roles`, { method: 'POST', body: { Id: roleId } }),
  removeGroupRole: (id: number, roleId: number) => request<Group>(`${group(id)}/roles/${roleId}`, { method: 'DELETE' }),
  setGroupTags: (id: number, tags: { Id?: number; Name: string }[]) => request<Group>(`${group(id)}/tags/`, { method: 'PUT', body: tags }),
  getTags: () => request<{ Id: number; Name: string }[]>('/api/identity/tags'),

  // Own account
  updateOwnAccount: (body: UserSave) => request<UserRecord>('/api/user', { method: 'PUT', body }),
  getOwnPhones: () => request<UserPhone[]>('/api/user/phones'),
  changeOwnPassword: (body: { OldPassword: string; NewPassword: string; ConfirmPassword: string }) =>
    request<{ Message: string }>('/api/user/password', { method: 'POST', body }),

  // Account recovery (no session)
  forgotPassword: (Username: string) => request<{ Message: string }>('/api/user/forgot-password', { method: 'POST', body: { Username }, anonymous: true }),
  forgotUsername: (Email: string) => request<{ Message: string }>('/api/user/forgot-username', { method: 'POST', body: { Email }, anonymous: true }),
  resetPassword: (body: { Username: string; Password: string; ConfirmPassword: string; Code: string }) =>
    request<{ Message: string }>('/api/user/reset-password', { method: 'POST', body, anonymous: true }),
  anonymousPassword: (body: { UserName: string; OldPassword: string; NewPassword: string; ConfirmPassword: string }) =>
    request<{ Message: string }>('/api/user/anonymous-password', { method: 'POST', body, anonymous: true }),
  confirmEmail: (UserId: number, Code: string) =>
    request<{ Message: string; UserName: string; Code: string | null }>('/api/user/confirm', { method: 'POST', body: { UserId, Code }, anonymous: true }),

  // Partner file tool
  uploadPartnerFile: (file: File, Folder: string) => {
    const formData = new FormData();
    formData.append('Folder', Folder);
    formData.append('myFile', file, file.name);
    return request<PartnerFile>('/api/user/UploadFile', { method: 'POST', formData });
  },
  listPartnerFiles: (Folder: string) => request<PartnerFile[]>('/api/user/GetFileList', { method: 'POST', body: { Folder } }),
  deletePartnerFile: (FilePath: string) => request<unknown>('/api/user/DeleteFile', { method: 'POST', body: { FilePath } }),
  downloadPartnerFile: (FilePath: string) => request<FileAnswer>('/api/user/DownloadFile', { method: 'POST', body: { FilePath }, asFile: true }),
};
