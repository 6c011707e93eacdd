import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import { sectionsTexts, sectionVersionsTexts } from './sectionTexts.js';
const sectionLists = () => import('./SectionList.js');

/** Section templates: a new template and a new version of one are made in the section builder. */
export const sectionsViews: ResourceViews = { list: sideList(sectionLists, (m) => m.SectionList), texts: sectionsTexts };
export const sectionVersionsViews: ResourceViews = { list: sideList(sectionLists, (m) => m.SectionVersionList), texts: sectionVersionsTexts };
