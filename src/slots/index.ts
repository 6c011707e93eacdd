import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';

/** What a slot receives: its resource's declaration and, where it has one, the record it is shown for. */
export interface SlotProps {
  declaration: ResourceDeclaration;
  record?: ApiRecord;
  /** A sub-resource's parent record. */
  parent?: ApiRecord;
  /** Edit slots: show the record without changing it (the user lacks the edit permission). */
  readOnly?: boolean;
  /** Edit and create slots: close the form (after a save, the slot has refreshed what it changed). */
  onClose?: () => void;
  /** The `removeRefused` slot: the delete's refusal. */
  error?: unknown;
}

type Slot = LazyExoticComponent<ComponentType<SlotProps>>;

/**
 * The custom parts declarations name in their `slots` (an org tree, a section builder, a workflow button), each
 * loaded on first use: `name: lazy(() => import('../area/ThePart.js'))`. A new slot is one line here and one
 * component in its area's folder; a declaration naming a slot missing here fails the declarations test.
 */
export const slots: Record<string, Slot> = {
  // Section templates
  sectionBuilder: lazy(() => import('../sections/SectionBuilderSlot.js')),
  // Item templates
  itemTypeCreate: lazy(() => import('../itemTypes/ItemTypeCreate.js')),
  itemTypeOpen: lazy(() => import('../itemTypes/ItemTypeOpen.js')),
  itemTypeDetail: lazy(() => import('../itemTypes/ItemTypeDetail.js')),
  // Case templates
  caseTemplateForm: lazy(() => import('../caseTemplates/CaseTemplateForm.js')),
  caseTemplateInUse: lazy(() => import('../caseTemplates/CaseTemplateInUseDialog.js')),
  // Users
  userFilters: lazy(() => import('../identity/UserFilters.js')),
  userFirstName: lazy(() => import('../identity/WorkStatusName.js')),
  userEditor: lazy(() => import('../identity/UserEditorSlot.js')),
  newUserActions: lazy(() => import('../identity/UserEditorSlot.js').then((m) => ({ default: m.NewUserActions }))),
  orgPicker: lazy(() => import('../identity/OrgPickerInput.js')),
  userLockControls: lazy(() => import('../identity/LockControls.js')),
  // Groups
  groupEditor: lazy(() => import('../identity/GroupEditorSlot.js')),
  groupTags: lazy(() => import('../identity/GroupTags.js').then((m) => ({ default: m.GroupTagsSlot }))),
  groupName: lazy(() => import('../identity/GroupCells.js')),
  groupTagChips: lazy(() => import('../identity/GroupCells.js').then((m) => ({ default: m.GroupTagChips }))),
  // Orgs
  orgsPage: lazy(() => import('../orgs/OrgsPage.js')),
  orgUserName: lazy(() => import('../orgs/OrgUserName.js')),
  orgUserActions: lazy(() => import('../orgs/OrgUserActions.js')),
  // Case papers and messages
  casePaperName: lazy(() => import('../cases/papers/PaperName.js')),
  casePaperTracking: lazy(() => import('../cases/papers/PaperTracking.js')),
  casePaperActions: lazy(() => import('../cases/papers/PaperActions.js')),
  // Item attachments
  itemAttachmentName: lazy(() => import('../items/ItemAttachments.js').then((m) => ({ default: m.AttachmentName }))),
  itemAttachmentMove: lazy(() => import('../items/ItemAttachments.js').then((m) => ({ default: m.AttachmentMoveButtons }))),
  itemAttachmentActions: lazy(() => import('../items/ItemAttachments.js').then((m) => ({ default: m.AttachmentActions }))),
  caseRecipients: lazy(() => import('../cases/messages/RecipientsInput.js')),
  // Cases
  caseFilters: lazy(() => import('../cases/CaseFilters.js')),
  itemFilters: lazy(() => import('../items/ItemFilters.js')),
  caseBulkActions: lazy(() => import('../cases/CaseBulkActions.js')),
  casePage: lazy(() => import('../cases/CasePage.js')),
  // Items of a case
  caseItemNumber: lazy(() => import('../items/ItemNumberCell.js')),
  caseItemMove: lazy(() => import('../items/ItemMoveButtons.js')),
  caseItemEditor: lazy(() => import('../items/ItemEditor.js')),
  caseItemBulkActions: lazy(() => import('../items/ItemBulkActions.js')),
  itemPage: lazy(() => import('../items/page/ItemPage.js')),
  // Reports
  reportsPage: lazy(() => import('../reports/ReportsPage.js')),
  // Invoicing
  invoicing: lazy(() => import('../invoices/InvoicingPage.js')),
  qboConnect: lazy(() => import('../invoices/QboConnect.js')),
};

export function slotComponent(name: string): Slot {
  const slot = slots[name];
  if (!slot) throw new Error(`No slot named ${name}`);
  return slot;
}
