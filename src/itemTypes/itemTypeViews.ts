import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import { itemTypeAssetsTexts, itemTypeSectionsTexts, itemTypesTexts } from './itemTypeTexts.js';

/** Item templates: the create modal picks the starting sections; a row opens the template's detail, expanded. */
export const itemTypesViews: ResourceViews = {
  list: sideList(() => import('./ItemTypeList.js'), (m) => m.ItemTypeList),
  texts: itemTypesTexts,
};
/** The sections and assets of an item template: drawn by the template's detail (ItemTypeSections, ItemTypeAssets). */
export const itemTypeSectionsViews: ResourceViews = { texts: itemTypeSectionsTexts };
export const itemTypeAssetsViews: ResourceViews = { texts: itemTypeAssetsTexts };
