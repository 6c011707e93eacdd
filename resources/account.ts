import { CommonTexts } from '../shared/texts/common.js';
import accountSchema from '../schemas/account.json' with { type: 'json' };
import userSchema from '../schemas/user.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { CONTACT_SECTIONS, employmentSections, isEmployeeGroup } from './users.js';

const account = accountSchema as unknown as ObjectSchema;
const user = userSchema as unknown as ObjectSchema;

/** What the own account shows of the user record but only an administrator changes (never sent). */
const SHOWN_ONLY = ['UserName', 'Org_Id', 'Title', 'GroupIds', 'EmploymentStatusType_Id', 'Manager_Id', 'ContractTypeIds'];

/** account.json (what PUT /api/user takes) with the record's other fields, read only, for the form to show. */
const schema: ObjectSchema = {
  ...account,
  properties: { ...account.properties, ...Object.fromEntries(SHOWN_ONLY.map((field) => [field, { ...user.properties[field], readOnly: true }])) },
};

/**
 * The own account (/account, spec 000 §2 "Account screen", §5, §8): one record read by GET /api/user and saved
 * by PUT /api/user, shown by src/account/AccountPage.tsx beside the password panel. The form is the user record's
 * (resources/users.ts) with what only administrators change read only; settings, credentials and clearances show
 * for users in a group tagged Employee. A refused save says each of the server's messages as a toast too.
 */
export default defineResource({
  name: 'account',
  key: 'Id',
  schema,
  title: 'Manage Account',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r: ApiRecord) => [r.FirstName, r.LastName].filter(Boolean).join(' '),
  singleton: true,
  operations: {
    one: { method: 'GET', path: '/api/user', access: 'signedIn' },
    update: { method: 'PUT', path: '/api/user', access: 'signedIn' },
  },
  paging: 'browser',
  // Every signed-in user has an account; the page's route (src/routes.tsx) needs only a session.
  permissions: { view: [] },
  remove: { kind: 'none' },
  list: { columns: [], pageSize: 1, sort: { field: 'Id', order: 'ASC' } },
  form: {
    fields: Object.keys(account.properties),
    sections: [
      { title: 'General', fields: ['UserName', 'Org_Id', 'FirstName', 'MiddleName', 'LastName', 'Title', 'GroupIds'] },
      ...CONTACT_SECTIONS,
      ...employmentSections(
        { name: 'employee', field: 'Groups', some: isEmployeeGroup },
        { settings: ['WorkStatusType_Id', 'EmploymentStatusType_Id', 'GeoRegionType_Id', 'Manager_Id', 'PINumber', 'CredNumber', 'ContractTypeIds'] },
      ),
    ],
    inputs: { Org_Id: 'orgPicker' },
    // Spec 000 §5: when the server returns ModelState, the unique messages show as toasts.
    toastModelState: 'always',
  },
  texts: {
    created: () => CommonTexts.account.updated,
    updated: () => CommonTexts.account.updated,
    add: () => '',
    editTitle: () => 'Manage Account',
    editSubmit: 'Save',
    empty: '',
  },
});
