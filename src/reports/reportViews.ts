import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { readOnlyTexts } from '../resources/resourceTexts.js';
import { ReportTexts as T } from '../../shared/texts/reports.js';

/** Reports (/reports): folders, the selected report's parameters and its download. */
export const reportsViews: ResourceViews = {
  list: lazy(() => import('./ReportsPage.js')),
  texts: readOnlyTexts(T.empty, T.errors.list),
};
