import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ViewTexts } from '../resources/resourceTexts.js';

const T = ConfigurationTexts.itemTypeScreen;
const name = (r: ApiRecord) => String(r.Name ?? '');
const sectionName = (r: ApiRecord) => String(r.SectionName ?? '');
const parentName = (parent?: ApiRecord) => String(parent?.Name ?? '');

/** What the item templates list says (spec 002 §2.3); Disable/Enable toggles a template's Hidden flag. */
export const itemTypesTexts: ViewTexts = {
  created: (r) => T.created(name(r)),
  updated: (r) => T.updated(name(r)),
  hidden: (r) => T.disabled(name(r)),
  shown: (r) => T.enabled(name(r)),
  add: () => 'Add Item Template',
  editTitle: (r) => `Edit ${name(r)}`,
  editSubmit: 'Save',
  empty: T.empty,
  remove: { labels: ['Disable', 'Enable'] },
};

/** What the sections of an item template say (src/itemTypes/ItemTypeSections.tsx); the parent is the item template. */
export const itemTypeSectionsTexts: ViewTexts = {
  created: (r, parent) => T.sectionAdded(sectionName(r), parentName(parent)),
  updated: (r, parent) => T.sectionUpdated(sectionName(r), parentName(parent)),
  deleted: (r, parent) => T.sectionRemoved(sectionName(r), parentName(parent)),
  add: () => 'Add Section',
  editTitle: (r) => sectionName(r),
  editSubmit: 'Save',
  empty: T.noSections,
  remove: { confirmTitle: () => 'Remove Section', confirmBody: (r) => T.removeSectionBody(sectionName(r), String(r.ItemTypeName ?? '')) },
};

/** What the assets of an item template say (src/itemTypes/ItemTypeAssets.tsx). */
export const itemTypeAssetsTexts: ViewTexts = {
  created: () => T.filenameUpdated,
  updated: () => T.filenameUpdated,
  deleted: (r) => T.assetDeleted(name(r)),
  add: () => 'Upload',
  editTitle: (r) => name(r),
  editSubmit: 'Save',
  empty: T.noAssets,
  remove: { confirmBody: (r) => T.deleteAssetBody(name(r)) },
};
