import type { LookupListState } from './session.js';
import type { CaseTemplateBody as ApiCaseTemplateBody } from '../shared/api/configuration.js';

export type LookupItem = LookupListState['Types'][number];

export type { CaseTemplate, CaseTemplateInUse, CaseTemplateItem, ItemType, ItemTypeAsset, ItemTypeSection, SectionTemplate } from '../shared/api/configuration.js';

/** A case template as the editor sends it: items always listed, in order. */
export type CaseTemplateBody = ApiCaseTemplateBody & { ItemTypeIds: NonNullable<ApiCaseTemplateBody['ItemTypeIds']> };
