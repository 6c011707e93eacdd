import { resources } from '../resources/index.js';
import type { ApiArea } from './http/route.js';
import { authArea } from './auth/routes.js';
import { accountArea } from './account/routes.js';
import { securityArea } from './security/routes.js';
import { typesReadArea } from './types/routes.js';
import { orgsReadArea } from './orgs/readRoutes.js';
import { crudArea } from './resources/crudArea.js';
import { listsArea } from './configuration/lists.js';
import { sectionTemplatesArea } from './configuration/sectionTemplates.js';
import { itemTypesArea } from './configuration/itemTypes.js';
import { itemTypeAssetsArea } from './configuration/itemTypeAssets.js';
import { caseTemplatesArea } from './configuration/caseTemplates.js';
import { identityArea } from './identity/routes.js';
import { recoveryArea } from './recovery/routes.js';
import { partnerFilesArea } from './partnerFiles/routes.js';

/** Every API area. A new area is one import and one entry here; declared resources join automatically. */
export const apiAreas: readonly ApiArea[] = [
  authArea,
  accountArea,
  securityArea,
  typesReadArea,
  orgsReadArea,
  listsArea,
  sectionTemplatesArea,
  itemTypesArea,
  itemTypeAssetsArea,
  caseTemplatesArea,
  identityArea,
  recoveryArea,
  partnerFilesArea,
  ...resources.map(crudArea),
];
