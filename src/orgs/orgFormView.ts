import { lazyOrgPicker } from '../components/lazyOrgPicker.js';
import { ORG_ADDRESS } from '../../resources/orgs.js';
import type { FormView } from '../resources/formParts.js';

/**
 * An org's form: a new org names its parent (chosen in the org tree) and its address; an existing one's General tab
 * adds the ROI settings, and Save Changes waits for a change (spec 002 §2.1).
 */
export const ORG_FORM: FormView = {
  sections: [
    { title: 'New Org', fields: ['ParentOrg_Id', ...ORG_ADDRESS], on: 'create' },
    { title: 'General', fields: [...ORG_ADDRESS, 'ROIEncrpytionPassword', 'PrependAttachmentsToROI'], on: 'existing' },
  ],
  inputs: { ParentOrg_Id: lazyOrgPicker },
  saveWhenChanged: true,
};

/** The Invoices tab's form: Save Changes waits for a change, as the General tab's does (spec 002 §2.1). */
export const ORG_INVOICE_SETTINGS_FORM: FormView = { saveWhenChanged: true };
