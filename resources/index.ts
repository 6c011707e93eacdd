import type { ResourceDeclaration } from './declaration.js';
import expenseTypes from './expenseTypes.js';

/** Every declared resource. The client mounts each as a react-admin Resource; the server registers its routes. */
export const resources: readonly ResourceDeclaration[] = [expenseTypes];

export function resourceByName(name: string): ResourceDeclaration | undefined {
  return resources.find((r) => r.name === name);
}
