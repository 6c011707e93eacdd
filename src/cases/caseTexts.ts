import { CaseTexts } from '../../shared/texts/cases.js';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ViewTexts } from '../resources/resourceTexts.js';

const T = CaseTexts;
const number = (r: ApiRecord) => String(r.CaseNumber ?? '');
const paperName = (r: ApiRecord) => String(r.Name ?? '');

/** Cases: the toasts say the case's number; a save refused without a reason names the case when it has one. */
export const casesTexts: ViewTexts = {
  created: (r) => T.toasts.created(number(r)),
  updated: () => T.toasts.saved,
  deleted: (r) => T.toasts.deleted(number(r)),
  deleteFailed: T.errors.deleteFailed,
  saveFailed: (r) => (!r ? T.errors.createFailed : number(r) ? T.errors.updateNumberFailed(number(r)) : T.errors.updateFailed),
  add: () => 'Add Case',
  editTitle: (r) => `Case ${number(r)}`,
  editSubmit: 'Save',
  empty: 'There are no cases.',
  remove: { confirmBody: (r) => `Delete case ${number(r)}? This action cannot be undone.` },
};

/** A case's papers: uploads and removals. */
export const casePapersTexts: ViewTexts = {
  created: () => T.toasts.filesUploaded,
  updated: () => T.toasts.filesUploaded,
  deleted: () => T.toasts.fileRemoved,
  deleteFailed: T.errors.removeFileFailed,
  loadFailed: T.errors.papersFailed,
  add: () => 'Upload',
  editTitle: paperName,
  editSubmit: 'Save',
  empty: T.noPapers,
  remove: { confirmBody: (r) => `Remove ${paperName(r)} from the case? This action cannot be undone.` },
};

/** A case's messages: Add Message opens, Send sends. */
export const caseMessagesTexts: ViewTexts = {
  created: () => T.toasts.messageSent,
  updated: () => T.toasts.messageSent,
  saveFailed: T.errors.messageFailed,
  add: () => 'Add Message',
  createSubmit: 'Send',
  editTitle: () => 'Message',
  editSubmit: 'Send',
  empty: T.noMessages,
  renderFailed: T.errors.messagesShowFailed,
};
