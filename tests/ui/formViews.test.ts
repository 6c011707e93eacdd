import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index.js';
import { permissionsFor } from '../../resources/declaration.js';
import type { FormView } from '../../src/resources/formParts.js';
import { ACCOUNT_FORM } from '../../src/account/accountFormView.js';
import { CASE_FORM } from '../../src/cases/caseFormView.js';
import { GROUP_FORM, USER_FORM } from '../../src/identity/userFormView.js';
import { ITEM_FORM } from '../../src/items/itemFormView.js';
import { ORG_FORM, ORG_INVOICE_SETTINGS_FORM } from '../../src/orgs/orgFormView.js';
import { WEBHOOK_FORM } from '../../src/webhooks/webhookFormView.js';

/**
 * Every form a view lays out fits its resource's contract: its sections and inputs name properties of the schema, a
 * field some users may not change names an action the contract defines (else no one could change it), and every
 * field the contract writes shows in one of its sections (a field in no section is never sent). A mistake here would
 * otherwise show only when someone opens the form.
 */
const forms: readonly (readonly [string, FormView])[] = [
  ['account', ACCOUNT_FORM],
  ['cases', CASE_FORM],
  ['users', USER_FORM],
  ['groups', GROUP_FORM],
  ['case-items', ITEM_FORM],
  ['orgs', ORG_FORM],
  ['org-invoice-settings', ORG_INVOICE_SETTINGS_FORM],
  ['webhooks', WEBHOOK_FORM],
];

describe.each(forms)('the form view of %s', (name, form) => {
  const declaration = resourceByName(name)!;

  it('names only properties of its schema', () => {
    expect(declaration).toBeDefined();
    const fields = [...(form.sections ?? []).flatMap((s) => s.fields ?? []), ...Object.keys(form.inputs ?? {}), ...Object.keys(form.fieldPermissions ?? {})];
    for (const field of fields) expect(declaration.schema.properties, field).toHaveProperty(field);
    for (const path of form.confirm ? [form.confirm.field, ...form.confirm.resetOn] : []) expect(declaration.schema.properties, path).toHaveProperty(path.split('.')[0]);
  });

  it('guards fields only with actions its contract defines', () => {
    for (const action of Object.values(form.fieldPermissions ?? {})) expect(permissionsFor(declaration, action), action).toBeDefined();
    for (const section of form.sections ?? []) if (section.action) expect(permissionsFor(declaration, section.action), section.action).toBeDefined();
  });

  it('shows every field its contract writes, or confirms it', () => {
    if (!form.sections) return;
    const shown = new Set([...form.sections.flatMap((s) => s.fields ?? []), ...(form.confirm ? [form.confirm.field] : [])]);
    for (const field of declaration.form.fields) expect([...shown], field).toContain(field);
  });
});
