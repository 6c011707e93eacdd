import { request, type FileAnswer } from './httpClient.js';

import type { Group, PartnerFile } from '../shared/api/identity.js';
import type { Writable } from '../shared/api/records.js';
import type { User } from '../schemas/types.js';

export type { Group, PartnerFile, UserRecord, UserRow, UsersPage, UsersQuery } from '../shared/api/identity.js';

/** Sub-list entries as the forms edit and save them: a new one has no Id yet (schemas/user.json `$defs`). */
export type { UserAddress, UserClearance, UserCredential, UserEmail, UserPhoneNumber as UserPhone } from '../schemas/types.js';

/** What a save sends: the writable fields of schemas/user.json (its sub-lists and the chosen groups among them). */
export type UserSave = Partial<Writable<User>>;

const user = (id: number) => `/api/identity/users/${id}`;
const group = (id: number) => `/api/identity/groups/${id}`;

/** Calls of identity administration, the own account, account recovery and the partner file tool (spec 000 §7). */
export const identityMethods = {
  // Users
  lockUser: (id: number, LockUntil: string | null, LockForever: boolean) =>
    request<{ LockoutEndDateUtc: string | null }>(`${user(id)}/lock`, { method: 'PUT', body: { LockUntil, LockForever } }),
  unlockUser: (id: number) => request<{ LockoutEndDateUtc: string | null }>(`${user(id)}/lock`, { method: 'DELETE' }),
  /** Resend verification: the anonymous mail call, then the admin follow-up that deactivates until confirmed. */
  resendVerification: async (id: number, LockUntil: string | null, LockForever: boolean) => {
    await request('/api/user/resendmail', { method: 'POST', body: { UserId: id }, anonymous: true });
    return request<{ LockoutEndDateUtc: string | null }>(`${user(id)}/resendmail`, { method: 'POST', body: { LockUntil, LockForever } });
  },

  // Groups, roles, tags
  addGroupRole: (id: number, roleId: number) => request<Group>(`${group(id)}/roles`, { method: 'POST', body: { Id: roleId } }),
  removeGroupRole: (id: number, roleId: number) => request<Group>(`${group(id)}/roles/${roleId}`, { method: 'DELETE' }),
  setGroupTags: (id: number, tags: { Id?: number; Name: string }[]) => request<Group>(`${group(id)}/tags/`, { method: 'PUT', body: tags }),

  // Own account
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
