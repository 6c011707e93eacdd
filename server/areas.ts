import { resources } from '../resources/index.js';
import type { ApiArea } from './http/route.js';
import { authArea } from './auth/routes.js';
import { accountArea } from './account/routes.js';
import { securityArea } from './security/routes.js';
import { typesReadArea } from './types/routes.js';
import { orgsReadArea } from './orgs/readRoutes.js';
import { crudArea } from './resources/crudArea.js';

/** Every API area. A new area is one import and one entry here; declared resources join automatically. */
export const apiAreas: readonly ApiArea[] = [
  authArea,
  accountArea,
  securityArea,
  typesReadArea,
  orgsReadArea,
  ...resources.map(crudArea),
];
