import { anyOf } from '../shared/access.js';
import { UPLOAD_RULE } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { defineOperations } from './operation.js';

const P = Permissions.CaseAttachments;

/**
 * The named operations of the case-papers contract (spec 001 §7): upload (one entry per file, zips extracted, all or
 * nothing; the first paper moves a case awaiting papers on), download under the paper's name, and tracking info (a
 * tracking-only entry). Handlers: server/cases/papers.ts.
 */
export const casePaperOperations = defineOperations({
  upload: {
    method: 'POST',
    path: '/api/cases/:id/attachments',
    access: anyOf(P.CREATE_ATTACHMENTS),
    summary:
      `Upload papers (multipart, one entry per file; .zip files are extracted). ${UPLOAD_RULE} Answers the case's papers.`,
    consumes: 'multipart/form-data',
    answer: { list: 'casePaper.json' },
  },
  download: {
    method: 'GET',
    path: '/api/cases/:caseId/attachments/:attachmentId/file',
    access: anyOf(P.VIEW_ATTACHMENTS),
    summary: 'Download a paper under its name (Content-Disposition: attachment); a tracking-only entry has no file (404)',
    answer: 'file',
    produces: ['application/octet-stream'],
  },
  addTracking: {
    method: 'POST',
    path: '/api/cases/:id/tracking',
    access: anyOf(P.CREATE_ATTACHMENTS),
    summary: "Add tracking info (a tracking-only paper entry: a name and the carrier's tracking number); answers the case's papers",
    body: 'caseTracking.json',
    answer: { list: 'casePaper.json' },
  },
});
