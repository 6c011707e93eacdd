import type { FormView } from '../resources/formParts.js';
import { lazyOrgPicker } from '../components/lazyOrgPicker.js';
import { CONTACT_SECTIONS, employmentSections, isEmployeeGroup } from '../identity/userFormView.js';

/**
 * The signed-in user's own account (spec 000 §5): the user's form, with what only an administrator changes shown read
 * only, the employment sections for an employee (by the groups the record embeds), its org in the org tree.
 */
export const ACCOUNT_FORM: FormView = {
  sections: [
    { title: 'General', fields: ['UserName', 'Org_Id', 'FirstName', 'MiddleName', 'LastName', 'Title', 'GroupIds'] },
    ...CONTACT_SECTIONS,
    ...employmentSections(
      { name: 'employee', field: 'Groups', some: isEmployeeGroup },
      { settings: ['WorkStatusType_Id', 'EmploymentStatusType_Id', 'GeoRegionType_Id', 'Manager_Id', 'PINumber', 'CredNumber', 'ContractTypeIds'] },
    ),
  ],
  inputs: { Org_Id: lazyOrgPicker },
  // Spec 000 §5: when the server returns ModelState, the unique messages show as toasts.
  toastModelState: 'always',
};
