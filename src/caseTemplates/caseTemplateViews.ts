import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';


/** Case templates: their own editor (items and report XSLT); a refused delete lists the cases that use the template. */
export const caseTemplatesViews: ResourceViews = {
  list: sideList(() => import('./CaseTemplateList.js'), (m) => m.CaseTemplateList),
  removeRefused: lazy(() => import('./CaseTemplateInUseDialog.js')),
};
