import { lazy } from 'react';
import { Texts } from '../../shared/texts/index.js';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';

const T = Texts.configuration.caseTemplateScreen;
const label = (r: ApiRecord) => String(r.Label ?? '');

/** Case templates: their own editor (items and report XSLT); a refused delete lists the cases that use the template. */
export const caseTemplatesViews: ResourceViews = {
  list: sideList(() => import('./CaseTemplateList.js'), (m) => m.CaseTemplateList),
  removeRefused: lazy(() => import('./CaseTemplateInUseDialog.js')),
  texts: {
    created: (r) => T.created(label(r)),
    updated: (r) => T.edited(label(r)),
    deleted: (r) => T.deleted(label(r)),
    add: () => 'Add Case Template',
    editTitle: () => 'Edit Case Template',
    editSubmit: 'Edit Case Template',
    empty: T.empty,
    remove: { confirmBody: (r) => `${T.deleteBody(label(r))} ${Texts.global.cannotBeUndone}` },
  },
};
