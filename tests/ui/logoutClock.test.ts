import { describe, expect, it } from 'vitest';
import { formatCountdown, warningLeadMs } from '../../src/auth/logoutClock.js';
import { adminEntries, topEntries } from '../../src/layout/menus.js';
import { canAccess } from '../../src/auth/access.js';
import { Permissions } from '../../shared/permissions.js';

const MIN = 60_000;

describe('session guard timing', () => {
  it('warns 10 minutes before logout on long timeouts and 2 minutes before on short ones', () => {
    expect(warningLeadMs(30 * MIN)).toBe(10 * MIN);
    expect(warningLeadMs(20 * MIN)).toBe(10 * MIN);
    expect(warningLeadMs(15 * MIN)).toBe(2 * MIN);
    expect(warningLeadMs(5 * MIN)).toBe(2 * MIN);
    expect(warningLeadMs(1 * MIN)).toBe(1 * MIN);
  });

  it('counts down as m:ss', () => {
    expect(formatCountdown(10 * MIN)).toBe('10:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(500)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('menus and access', () => {
  it('orders the admin menu as the spec does, with IAM between Lists and Security, Webhooks after them, and the Audit Log last', () => {
    const labels = adminEntries([Permissions.General.SYSTEM_ADMINISTRATOR]).map((e) => e.label);
    expect(labels).toEqual(['Orgs', 'Case Templates', 'Item Templates', 'Section Templates', 'Expense Types', 'Lists', 'IAM', 'Security', 'Webhooks', 'Audit Log']);
    // The dashboard (issue 26) comes first for whoever may open it; a system administrator may open everything.
    expect(topEntries([Permissions.General.SYSTEM_ADMINISTRATOR]).map((e) => e.label)).toEqual(['Dashboard', 'Cases', 'Items', 'Invoices', 'Reports']);
    expect(topEntries([Permissions.Cases.VIEW_CASES]).map((e) => e.label)).toEqual(['Cases']);
  });

  it('lets a declared resource action through only with its permission', () => {
    const viewer = [Permissions.ExpenseTypes.VIEW];
    expect(canAccess(viewer, { action: 'list', resource: 'expense-types' })).toBe(true);
    expect(canAccess(viewer, { action: 'create', resource: 'expense-types' })).toBe(false);
    expect(canAccess([Permissions.General.SYSTEM_ADMINISTRATOR], { action: 'delete', resource: 'expense-types' })).toBe(true);
    expect(canAccess(viewer, { action: 'list', resource: 'security' })).toBe(false);
    expect(canAccess(viewer, { action: 'list', resource: 'unknown' })).toBe(false);
  });
});
