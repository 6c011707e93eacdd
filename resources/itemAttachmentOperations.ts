import { anyOf } from '../shared/access.js';
import { UPLOAD_RULE } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { defineOperations } from './operation.js';

const P = Permissions.ItemAttachments;

/**
 * The named operations of the item-attachments contract (spec 001 §7 "Items"): upload (zips extracted with the
 * papers' limits, all or nothing; a file claiming to be a PDF that does not parse is stored and flagged
 * CorruptPDF), the swap behind move up and down, and the download under the attachment's name. Handlers:
 * server/items/attachments.ts.
 */
export const itemAttachmentOperations = defineOperations({
  upload: {
    method: 'POST',
    path: '/api/cases/:Case_Id/items/:Item_Id/attachments',
    access: anyOf(P.ADD),
    summary:
      'Attach files to an item (multipart, one entry per file; .zip files are extracted), after its other attachments in the order they arrive. ' +
      `${UPLOAD_RULE} A file named .pdf (or sent as application/pdf) that does not parse as a PDF is stored with CorruptPDF true. ` +
      "409 when the item may not be changed. Answers the item's attachments.",
    consumes: 'multipart/form-data',
    answer: { list: 'itemAttachment.json' },
  },
  swap: {
    method: 'PUT',
    path: '/api/cases/:Case_Id/items/:Item_Id/attachments/swap',
    access: anyOf(P.ADD),
    summary: 'Swap two attachments of an item; answers attachment id → new display order for all its attachments. 409 when the item may not be changed',
    body: 'itemAttachmentSwap.json',
    answer: 'displayOrders.json',
  },
  download: {
    method: 'GET',
    path: '/api/cases/:Case_Id/items/:Item_Id/attachments/:id/file',
    access: anyOf(P.VIEW),
    summary: 'Download an attachment under its name (Content-Disposition: attachment)',
    answer: 'file',
    produces: ['application/octet-stream'],
  },
});
