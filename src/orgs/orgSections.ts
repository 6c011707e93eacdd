/**
 * The tabs of an org at /orgs/{orgId}/{section} (spec 002 §2.1), each shown to users who may list its resource:
 * General is the org's own form, the others its sub-resources.
 */
export const ORG_SECTIONS = [
  { path: 'general', label: 'General', resource: 'orgs' },
  { path: 'case-types', label: 'Case Types', resource: 'org-case-types' },
  { path: 'users', label: 'Users', resource: 'org-users' },
  { path: 'expenses', label: 'Expenses', resource: 'org-expense-rules' },
  { path: 'invoices', label: 'Invoices', resource: 'org-invoice-settings' },
] as const;

export type OrgSection = (typeof ORG_SECTIONS)[number];

/** The tab an org opens on, and the one an unknown or forbidden section leads to. */
export const FIRST_SECTION = 'general';

/** Where an org's section is: /orgs/{orgId}/{section}. */
export const orgPath = (base: string, orgId: number, section: string = FIRST_SECTION) => `${base}/${orgId}/${section}`;
