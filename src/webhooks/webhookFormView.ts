import { lazy } from 'react';
import type { FormView } from '../resources/formParts.js';

/**
 * A webhook's form: where deliveries go, the secret that signs them (write-only: empty on an edit keeps it), what and
 * whose events it hears; the events as checkboxes and the org as a select with "Whole firm".
 */
export const WEBHOOK_FORM: FormView = {
  sections: [{ title: 'Webhook', fields: ['Url', 'Description', 'Secret', 'EventTypes', 'Org_Id', 'Active'] }],
  inputs: {
    EventTypes: lazy(() => import('./EventTypesInput.js')),
    Org_Id: lazy(() => import('./WebhookOrgInput.js')),
  },
};
