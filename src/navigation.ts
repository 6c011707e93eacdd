import { Permissions as P, type Permission } from '../shared/permissions.js';
import { resources } from '../resources/index.js';
import { Texts } from '../shared/texts/index.js';

/**
 * Every page of the app with its path, label, the permissions that open it (any-of) and where the menus show it.
 * Menus, route guards and canAccess all read this one table.
 */
export interface AppPage {
  key: string;
  path: string;
  label: string;
  anyOf: readonly Permission[];
  menu: 'top' | 'admin' | 'iam' | 'none';
  /** Position within its menu. */
  order: number;
}

const declared: AppPage[] = resources.flatMap((r) => (r.route ? [r] : [])).map((r) => ({
  key: r.name,
  path: r.route!,
  label: r.title,
  anyOf: r.permissions.view,
  menu: r.menu.group,
  order: r.menu.order,
}));

const BUILT_IN: AppPage[] = [
  // The manager's dashboard (src/dashboard/), first in the top menu: the home page of its holders (HomeRedirect).
  { key: 'dashboard', path: '/dashboard', label: 'Dashboard', anyOf: [P.General.DASHBOARD], menu: 'top', order: 0 },
  { key: 'admin', path: '/admin', label: 'Admin', anyOf: [P.General.SYSTEM_ADMINISTRATOR], menu: 'none', order: 0 },
  // The audit log (src/admin/AuditLogPage.tsx), last in the admin menu: after Security (9) and IAM (7).
  { key: 'audit-log', path: '/admin/audit-log', label: Texts.audit.title, anyOf: [P.Admin.VIEW_AUDIT_LOG], menu: 'admin', order: 10 },
];

export const PAGES: readonly AppPage[] = [...BUILT_IN, ...declared].sort((a, b) => a.order - b.order);

/** The IAM entry of the admin menu sits between Lists and Security. */
export const IAM_MENU = { path: '/identity', label: 'IAM', order: 7 } as const;

export const pageByKey = (key: string) => PAGES.find((p) => p.key === key);
