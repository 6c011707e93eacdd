import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
const sectionLists = () => import('./SectionList.js');

/** Section templates: a new template and a new version of one are made in the section builder. */
export const sectionsViews: ResourceViews = { list: sideList(sectionLists, (m) => m.SectionList) };
export const sectionVersionsViews: ResourceViews = { list: sideList(sectionLists, (m) => m.SectionVersionList) };
