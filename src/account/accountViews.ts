import type { ResourceViews } from '../resources/views.js';
import { CommonTexts } from '../../shared/texts/common.js';

/** The own account (/account, src/account/AccountPage.tsx): what its form says. */
export const accountViews: ResourceViews = {
  texts: {
    updated: () => CommonTexts.account.updated,
    editSubmit: 'Save',
  },
};
