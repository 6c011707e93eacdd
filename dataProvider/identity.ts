import { request, type FileAnswer } from './httpClient.js';

/** A row of the users table (POST /api/identity/users). */
export interface UserRow {
  Id: number;
  UserName: string;
  FirstName: string;
  MiddleName: string | null;
  LastName: string;
  Email: string | null;
  EmailConfirmed: boolean;
  Org_Id: number | null;
  Org: { Id: number; Name: string; Code: string | null } | null;
  WorkStatusType_Id: number | null;
  WorkStatus: { Id: number; Short: string; Description: string | null } | null;
  LockoutEndDateUtc: string | null;
  Groups: { Id: number; Name: string }[];
}

export interface UsersQuery {
  pageSize: number;
  page: number;
  sorted: { id: 'UserName' | 'FirstName' | 'LastName' | 'Email' | 'Organization'; desc?: boolean }[];
  filtered: { id: 'UserName' | 'FirstName' | 'LastName' | 'Email' | 'Organization'; value: string }[];
  additional: { OrgIds: number[]; GroupIds: number[]; HideIDSUsers: boolean; Active: boolean; Inactive: boolean };
}

export interface UsersPage {
  users: UserRow[];
  pageCount: number;
  total: number;
  totalIsExact: boolean;
}

export interface UserEmail { Id?: number; Address: string; EmailType_Id: number | null; IsPrimary: boolean }
export interface UserPhone { Id?: number; Number: string; PhoneNumberType_Id: number | null; IsPrimary: boolean }
export interface UserAddress {
  Id?: number;
  AddressType_Id: number | null;
  Line1: string | null;
  Line2: string | null;
  City: string;
  RegionType_Id: number | null;
  PostalCode: string;
  IsPrimary: boolean;
}
export interface UserCredential { Id?: number; CredentialType_Id: number; License: string; RegionType_Id: number; Expiration: string | null }
export interface UserClearance { Id?: number; ClearanceType_Id: number; LastInvestigation: string | null; OrgCode: string }

/** The full user record (admin view; the own account is the same shape plus Address). */
export interface UserRecord {
  Id: number;
  UserName: string;
  Email: string | null;
  EmailConfirmed: boolean;
  FirstName: string;
  MiddleName: string | null;
  LastName: string;
  Org_Id: number | null;
  Org: { Id: number; Name: string; Code: string | null } | null;
  WorkStatusType_Id: number | null;
  EmploymentStatusType_Id: number | null;
  GeoRegionType_Id: number | null;
  Manager_Id: number | null;
  Manager: { Id: number; FirstName: string; LastName: string } | null;
  Title: string | null;
  PINumber: string | null;
  CredNumber: string | null;
  Notes: string | null;
  LockoutEndDateUtc: string | null;
  ContractTypeIds: number[];
  Groups: { Id: number; Name: string; Tags: { Id: number; Name: string }[] }[];
  Emails: UserEmail[];
  PhoneNumbers: UserPhone[];
  Addresses: UserAddress[];
  Credentials: UserCredential[];
  Clearances: UserClearance[];
}

/** What a save sends: the record's fields plus the chosen groups. */
export type UserSave = Partial<Omit<UserRecord, 'Id' | 'Org' | 'Manager' | 'Groups' | 'EmailConfirmed' | 'LockoutEndDateUtc'>> & { GroupIds?: number[] };

export interface Group {
  Id: number;
  Name: string;
  Description: string | null;
  Roles: number[];
  Tags: { Id: number; Name: string }[];
}

export interface PartnerFile {
  Name: string;
  CreationTime: string;
  FullName: string;
}

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
