import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import { caseMessagesTexts, casePapersTexts, casesTexts } from './caseTexts.js';

/** Cases (/cases): the left panel of orgs and states, bulk Assign Reviewer, and the case's page at /cases/{id}. */
export const casesViews: ResourceViews = {
  list: sideList(() => import('./CaseList.js'), (m) => m.CaseList),
  page: lazy(() => import('./CasePage.js')),
  texts: casesTexts,
};

/** A case's papers: the name downloads the file, the tracking number opens its tracking, and the ways to add papers. */
export const casePapersViews: ResourceViews = {
  list: sideList(() => import('./papers/CasePaperList.js'), (m) => m.CasePaperList),
  texts: casePapersTexts,
};

/** A case's messages: the recipients are chosen among the case's people. */
export const caseMessagesViews: ResourceViews = {
  list: sideList(() => import('./messages/CaseMessageList.js'), (m) => m.CaseMessageList),
  texts: caseMessagesTexts,
};
