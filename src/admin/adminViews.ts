import type { ResourceViews } from '../resources/views.js';
import { readOnlyTexts } from '../resources/resourceTexts.js';
import { AuditTexts } from '../../shared/texts/audit.js';
import { CommonTexts } from '../../shared/texts/common.js';

/** Security settings (/security, spec 002 §2.8): one record read and saved whole. */
export const securityViews: ResourceViews = {
  texts: {
    updated: () => CommonTexts.security.saved,
    editSubmit: 'Save',
  },
};

/** The audit log (Admin › Audit Log, src/admin/AuditLogPage.tsx): read only. */
export const auditLogViews: ResourceViews = { texts: readOnlyTexts(AuditTexts.empty, AuditTexts.loadFailed) };
