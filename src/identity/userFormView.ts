import { lazy } from 'react';
import type { ApiRecord } from '../../resources/declaration.js';
import { USER_GENERAL, USER_SETTINGS } from '../../resources/users.js';
import { Tags } from '../../shared/permissions.js';
import { CommonTexts } from '../../shared/texts/common.js';
import { lazyOrgPicker } from '../components/lazyOrgPicker.js';
import type { FormSectionView, FormView, SectionCondition } from '../resources/formParts.js';

const A = CommonTexts.account;

/** Settings, credentials and clearances apply to users in a group tagged Employee (spec 000 §2, §6). */
export const isEmployeeGroup = (group: ApiRecord) => ((group.Tags ?? []) as { Name: string }[]).some((t) => t.Name === Tags.EMPLOYEE);

/** The employment sections of a user's form, shown for a user in a group tagged Employee (or New Employee / Contractor). */
export function employmentSections(when: SectionCondition, fields: { settings: readonly string[] }): FormSectionView[] {
  return [
    { title: 'Settings', fields: fields.settings, when },
    { title: 'Credentials', fields: ['Credentials'], empty: A.noCredentials, when },
    { title: 'Clearances', fields: ['Clearances'], empty: A.noClearances, when },
  ];
}

/** The contact lists of a user's form (spec 000 §2: addresses edited in a modal; empty texts of the spec). */
export const CONTACT_SECTIONS: FormSectionView[] = [
  { title: 'Emails', fields: ['Emails'], empty: A.noEmails },
  { title: 'Phone Numbers', fields: ['PhoneNumbers'], empty: A.noPhones, addLabel: 'Add Phone' },
  { title: 'Addresses', fields: ['Addresses'], empty: A.noAddresses },
];

/**
 * A user's record (the inline editor under a row, the org's users, the ways to add one): its general fields, contacts,
 * the employment sections for an employee, and the account's status controls once it exists.
 */
export const USER_FORM: FormView = {
  sections: [
    { title: 'General', fields: USER_GENERAL },
    ...CONTACT_SECTIONS,
    ...employmentSections({ name: 'employee', field: 'GroupIds', reference: 'groups', some: isEmployeeGroup }, { settings: USER_SETTINGS }),
    { title: 'Account Status', on: 'edit', part: lazy(() => import('./LockControls.js')) },
    { title: 'Two-Step Sign-In', on: 'edit', part: lazy(() => import('./SecondFactorReset.js')) },
  ],
  inputs: { Org_Id: lazyOrgPicker },
  // Spec 000 §8: an update-user failure shows the error as a toast.
  toastModelState: 'edit',
};

/** A group's form (its expanded row): name and description, the tags beside them (saved by their own call). */
export const GROUP_FORM: FormView = {
  sections: [{ title: 'Group', fields: ['Name', 'Description'], part: lazy(() => import('./GroupTags.js').then((m) => ({ default: m.GroupTagsSlot }))) }],
};
