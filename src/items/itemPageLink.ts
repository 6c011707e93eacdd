import type { ApiRecord } from '../../resources/declaration.js';
import type { RecordLink } from '../resources/views.js';

/** The item's own page (spec 001 §2 "Item page"), under its case. */
const itemPagePath = (r: ApiRecord) => `/cases/${String((r.Case as { Id?: unknown } | undefined)?.Id ?? r.Case_Id)}/items/${String(r.Id)}`;

/** Item number and pencil open the item page, for users with Edit Items (spec 001 §2 "Items table"). */
export const itemPageLink: RecordLink = { to: itemPagePath, action: 'editLink' };
