import type { ResourceDeclaration } from '../../../resources/declaration.js';
import { resources as productResources } from '../../../resources/index.js';
import { vehicleMakes } from './vehicleMakes.js';

/**
 * The client's resources/index.ts in the test build (vite.config.ts here): the product's declared resources plus
 * the example vehicle makes — what adding the declaration to resources/index.ts would give. Everything else
 * resources/index.ts exports passes through unchanged.
 */
export * from '../../../resources/index.js';

export const resources: readonly ResourceDeclaration[] = [...productResources, vehicleMakes];

export function resourceByName(name: string): ResourceDeclaration | undefined {
  return resources.find((r) => r.name === name);
}
