import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';

/** Reports (/reports): folders, the selected report's parameters and its download. */
export const reportsViews: ResourceViews = { list: lazy(() => import('./ReportsPage.js')) };
