import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';

const orgPicker = lazy(() => import('../components/OrgPickerInput.js'));

/** Cases (/cases): the left panel of orgs and states, bulk Assign Reviewer, and the case's page at /cases/{id}. */
export const casesViews: ResourceViews = {
  page: lazy(() => import('./CasePage.js')),
  aside: lazy(() => import('./CaseFilters.js')),
  bulkActions: lazy(() => import('./CaseBulkActions.js')),
  inputs: { Client_Id: orgPicker },
};

/** A case's papers: the name downloads the file, the tracking number opens its tracking, and the ways to add papers. */
export const casePapersViews: ResourceViews = {
  actions: lazy(() => import('./papers/PaperActions.js')),
  cells: {
    Name: lazy(() => import('./papers/PaperName.js')),
    FedExTracking: lazy(() => import('./papers/PaperTracking.js')),
  },
};

/** A case's messages: the recipients are chosen among the case's people. */
export const caseMessagesViews: ResourceViews = {
  inputs: { Recipients: lazy(() => import('./messages/RecipientsInput.js')) },
};
