import { ITEM_FIELDS } from '../../resources/caseItems.js';
import type { FormView } from '../resources/formParts.js';

/**
 * An item's form (spec 001 §3): a new item names its template; Show In Report is set on an existing item (the inline
 * form, spec 001 §2 "Item edit form"), where the template is read only. Save Changes waits for a change, and an item
 * the server locks for the caller (`LockedReason`) says why and is shown read only.
 */
export const ITEM_FORM: FormView = {
  sections: [
    { title: 'New Item', fields: ITEM_FIELDS, on: 'create' },
    { title: 'Item', fields: [...ITEM_FIELDS, 'ShowInReport'], on: 'existing' },
  ],
  saveWhenChanged: true,
  locked: 'LockedReason',
};
