import { canAccess } from '../auth/access.js';
import { IAM_MENU, PAGES, type AppPage } from '../navigation.js';

export interface MenuEntry {
  label: string;
  path: string;
  children?: MenuEntry[];
}

/** A menu lists the pages the auth provider's canAccess lets the user open. */
const allowed = (roles: readonly string[], page: AppPage) => canAccess(roles, { action: 'list', resource: page.key });

/** Top navigation entries the user may open. */
export function topEntries(roles: readonly string[]): MenuEntry[] {
  return PAGES.filter((p) => p.menu === 'top' && allowed(roles, p)).map(({ label, path }) => ({ label, path }));
}

/** Admin menu entries the user may open, with IAM grouping Users, Roles and Groups. Empty: no admin menu. */
export function adminEntries(roles: readonly string[]): MenuEntry[] {
  const entries: (MenuEntry & { order: number })[] = PAGES.filter((p) => p.menu === 'admin' && allowed(roles, p)).map(
    ({ label, path, order }) => ({ label, path, order }),
  );
  const iam = PAGES.filter((p) => p.menu === 'iam' && allowed(roles, p)).map(({ label, path }) => ({ label, path }));
  if (iam.length) entries.push({ label: IAM_MENU.label, path: IAM_MENU.path, order: IAM_MENU.order, children: iam });
  return entries.sort((a, b) => a.order - b.order).map(({ label, path, children }) => ({ label, path, children }));
}
