import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';

const CaseTemplateForm = lazy(() => import('./CaseTemplateForm.js'));

/** Case templates: their own editor (items and report XSLT); a refused delete lists the cases that use the template. */
export const caseTemplatesViews: ResourceViews = {
  list: sideList(() => import('./CaseTemplateList.js'), (m) => m.CaseTemplateList),
  create: CaseTemplateForm,
  edit: CaseTemplateForm,
  removeRefused: lazy(() => import('./CaseTemplateInUseDialog.js')),
};
