import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';

const SectionBuilder = lazy(() => import('./SectionBuilderSlot.js'));

/** Section templates: a new template and a new version of one are made in the section builder. */
export const sectionsViews: ResourceViews = { create: SectionBuilder };
export const sectionVersionsViews: ResourceViews = { edit: SectionBuilder };
