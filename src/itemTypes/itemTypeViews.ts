import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';

/** Item templates: the create modal picks the starting sections; a row opens the template's detail, expanded. */
export const itemTypesViews: ResourceViews = {
  list: sideList(() => import('./ItemTypeList.js'), (m) => m.ItemTypeList),
};
