import type { ItemAttachment } from '../schemas/types.js';
import { request, type FileAnswer } from './httpClient.js';

const attachmentsOf = (caseId: number, itemId: number) => `/api/cases/${caseId}/items/${itemId}/attachments`;

/**
 * The item attachment calls that are not CRUD of the `item-attachments` declaration (spec 001 §7 "Items"): upload
 * (one multipart entry per file; the server extracts zips), the swap behind move up and down, and the download.
 */
export const itemAttachmentMethods = {
  /** Attaches the files to the item; answers the item's attachments in their order. */
  uploadItemAttachments: (caseId: number, itemId: number, files: readonly File[]) => {
    const formData = new FormData();
    for (const file of files) formData.append('file', file, file.name);
    return request<ItemAttachment[]>(attachmentsOf(caseId, itemId), { method: 'POST', formData });
  },
  /** Swaps two attachments of the item; answers attachment id → its new order for the item's attachments. */
  swapItemAttachments: (caseId: number, itemId: number, SwapFrom_Id: number, SwapTo_Id: number) =>
    request<Record<string, number>>(`${attachmentsOf(caseId, itemId)}/swap`, { method: 'PUT', body: { SwapFrom_Id, SwapTo_Id } }),
  /** The attachment's file (saved under the attachment's name). */
  downloadItemAttachment: (caseId: number, itemId: number, attachmentId: number) => request<FileAnswer>(`${attachmentsOf(caseId, itemId)}/${attachmentId}/file`, { asFile: true }),
};
