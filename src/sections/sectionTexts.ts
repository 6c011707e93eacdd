import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ViewTexts } from '../resources/resourceTexts.js';

const S = ConfigurationTexts.sectionScreen;
const version = (r: ApiRecord) => `${String(r.SectionName ?? '')} version ${String(r.Version ?? '')}`;

/** What the section templates list says (spec 002 §2.4): a save adds a version of the section. */
export const sectionsTexts: ViewTexts = {
  created: (r) => S.added(String(r.SectionName), Number(r.Version)),
  updated: (r) => S.added(String(r.SectionName), Number(r.Version)),
  add: () => 'Add Section Template',
  editTitle: (r) => String(r.SectionName),
  editSubmit: 'Add Section Template',
  empty: S.empty,
};

/** What the versions of a section say; Disable/Enable toggles a version's Enabled flag. */
export const sectionVersionsTexts: ViewTexts = {
  created: (r) => S.added(String(r.SectionName), Number(r.Version)),
  updated: (r) => S.added(String(r.SectionName), Number(r.Version)),
  hidden: (r) => S.disabled(String(r.SectionName), Number(r.Version)),
  shown: (r) => S.enabled(String(r.SectionName), Number(r.Version)),
  add: () => 'Add Section Template',
  editTitle: (r) => `Edit ${version(r)}`,
  editSubmit: 'Add Section Template',
  empty: S.empty,
  remove: { labels: ['Disable', 'Enable'] },
};
