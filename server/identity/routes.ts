import type { ApiArea } from '../http/route.js';
import { groupRoutes } from './groupRoutes.js';
import { userRoutes } from './userRoutes.js';

/** Identity administration: users, roles, groups and tags (/identity). */
export const identityArea: ApiArea = {
  name: 'identity',
  routes: [...userRoutes, ...groupRoutes],
};
