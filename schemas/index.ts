/**
 * Every JSON Schema of the product, registered by $id with the server's validator and read by the client's
 * forms. Adding a schema file means adding it to this list. Their TypeScript types are generated into types.ts
 * (`npm run schemas:types`).
 */
import securitySettings from './securitySettings.json' with { type: 'json' };
import expenseType from './expenseType.json' with { type: 'json' };
import user from './user.json' with { type: 'json' };
import userCreate from './userCreate.json' with { type: 'json' };
import account from './account.json' with { type: 'json' };
import usersQuery from './usersQuery.json' with { type: 'json' };
import userLock from './userLock.json' with { type: 'json' };
import group from './group.json' with { type: 'json' };
import groupRole from './groupRole.json' with { type: 'json' };
import groupTags from './groupTags.json' with { type: 'json' };
import forgotPassword from './forgotPassword.json' with { type: 'json' };
import forgotUsername from './forgotUsername.json' with { type: 'json' };
import resetPassword from './resetPassword.json' with { type: 'json' };
import anonymousPassword from './anonymousPassword.json' with { type: 'json' };
import confirmEmail from './confirmEmail.json' with { type: 'json' };
import resendMail from './resendMail.json' with { type: 'json' };
import partnerFolder from './partnerFolder.json' with { type: 'json' };
import partnerFile from './partnerFile.json' with { type: 'json' };
import typeList from './typeList.json' with { type: 'json' };
import typeItem from './typeItem.json' with { type: 'json' };
import sectionDefinition from './sectionDefinition.json' with { type: 'json' };
import sectionTemplate from './sectionTemplate.json' with { type: 'json' };
import sectionRoi from './sectionRoi.json' with { type: 'json' };
import itemType from './itemType.json' with { type: 'json' };
import itemTypeSection from './itemTypeSection.json' with { type: 'json' };
import itemHistoryEntry from './itemHistoryEntry.json' with { type: 'json' };
import auditEntry from './auditEntry.json' with { type: 'json' };
import auditLogQuery from './auditLogQuery.json' with { type: 'json' };
import caseStepAnswer from './caseStepAnswer.json' with { type: 'json' };
import caseSsn from './caseSsn.json' with { type: 'json' };
import caseReviewerAnswer from './caseReviewerAnswer.json' with { type: 'json' };
import caseHistoryEntry from './caseHistoryEntry.json' with { type: 'json' };
import displayOrders from './displayOrders.json' with { type: 'json' };
import itemTypeChoice from './itemTypeChoice.json' with { type: 'json' };
import investigatorOption from './investigatorOption.json' with { type: 'json' };
import itemEligibilityQuery from './itemEligibilityQuery.json' with { type: 'json' };
import itemEligibility from './itemEligibility.json' with { type: 'json' };
import itemRejectReason from './itemRejectReason.json' with { type: 'json' };
import caseWorkflow from './caseWorkflow.json' with { type: 'json' };
import caseRecipient from './caseRecipient.json' with { type: 'json' };
import caseParameter from './caseParameter.json' with { type: 'json' };
import userLockState from './userLockState.json' with { type: 'json' };
import orgSummary from './orgSummary.json' with { type: 'json' };
import message from './message.json' with { type: 'json' };
import passwordChange from './passwordChange.json' with { type: 'json' };
import ownPhone from './ownPhone.json' with { type: 'json' };
import emailConfirmed from './emailConfirmed.json' with { type: 'json' };
import partnerFileEntry from './partnerFileEntry.json' with { type: 'json' };
import partnerFileUploaded from './partnerFileUploaded.json' with { type: 'json' };
import auditLogExport from './auditLogExport.json' with { type: 'json' };
import auditLogChoices from './auditLogChoices.json' with { type: 'json' };
import accountingConnected from './accountingConnected.json' with { type: 'json' };
import itemTypeSectionRequired from './itemTypeSectionRequired.json' with { type: 'json' };
import itemTypeSectionSwap from './itemTypeSectionSwap.json' with { type: 'json' };
import itemTypeAsset from './itemTypeAsset.json' with { type: 'json' };
import caseTemplate from './caseTemplate.json' with { type: 'json' };
import caseTemplateItemSwap from './caseTemplateItemSwap.json' with { type: 'json' };
import role from './role.json' with { type: 'json' };
import org from './org.json' with { type: 'json' };
import orgCreate from './orgCreate.json' with { type: 'json' };
import orgParent from './orgParent.json' with { type: 'json' };
import orgCaseType from './orgCaseType.json' with { type: 'json' };
import orgCaseTypeCreate from './orgCaseTypeCreate.json' with { type: 'json' };
import caseFee from './caseFee.json' with { type: 'json' };
import orgDeadline from './orgDeadline.json' with { type: 'json' };
import orgExpenseRule from './orgExpenseRule.json' with { type: 'json' };
import orgUser from './orgUser.json' with { type: 'json' };
import orgInvoiceSettings from './orgInvoiceSettings.json' with { type: 'json' };
import qboCustomer from './qboCustomer.json' with { type: 'json' };
import caseRecord from './case.json' with { type: 'json' };
import caseCreate from './caseCreate.json' with { type: 'json' };
import caseSubject from './caseSubject.json' with { type: 'json' };
import casesQuery from './casesQuery.json' with { type: 'json' };
import itemsQuery from './itemsQuery.json' with { type: 'json' };
import casePaper from './casePaper.json' with { type: 'json' };
import caseTracking from './caseTracking.json' with { type: 'json' };
import caseMessage from './caseMessage.json' with { type: 'json' };
import item from './item.json' with { type: 'json' };
import itemDetailExtension from './itemDetail.json' with { type: 'json' };
import { extendedSchema } from './schemaExtension.js';
import itemCreate from './itemCreate.json' with { type: 'json' };
import itemIds from './itemIds.json' with { type: 'json' };
import itemAssign from './itemAssign.json' with { type: 'json' };
import itemAcds from './itemAcds.json' with { type: 'json' };
import itemReject from './itemReject.json' with { type: 'json' };
import itemSwap from './itemSwap.json' with { type: 'json' };
import itemSection from './itemSection.json' with { type: 'json' };
import itemSectionCreate from './itemSectionCreate.json' with { type: 'json' };
import stockPhrase from './stockPhrase.json' with { type: 'json' };
import itemAttachment from './itemAttachment.json' with { type: 'json' };
import itemAttachmentSwap from './itemAttachmentSwap.json' with { type: 'json' };
import person from './person.json' with { type: 'json' };
import workflowState from './workflowState.json' with { type: 'json' };
import itemIssueCode from './itemIssueCode.json' with { type: 'json' };
import itemExpense from './itemExpense.json' with { type: 'json' };
import report from './report.json' with { type: 'json' };
import reportParameters from './reportParameters.json' with { type: 'json' };
import reportRequest from './reportRequest.json' with { type: 'json' };
import reportInstance from './reportInstance.json' with { type: 'json' };
import invoice from './invoice.json' with { type: 'json' };
import invoiceRequest from './invoiceRequest.json' with { type: 'json' };
import qboToken from './qboToken.json' with { type: 'json' };
import accountingStatus from './accountingStatus.json' with { type: 'json' };
import invoiceCasesQuery from './invoiceCasesQuery.json' with { type: 'json' };
import invoiceableOrg from './invoiceableOrg.json' with { type: 'json' };
import billableOrg from './billableOrg.json' with { type: 'json' };
import invoiceSummary from './invoiceSummary.json' with { type: 'json' };
import invoiceLine from './invoiceLine.json' with { type: 'json' };
import invoiceListQuery from './invoiceListQuery.json' with { type: 'json' };
import dashboard from './dashboard.json' with { type: 'json' };
import dashboardQuery from './dashboardQuery.json' with { type: 'json' };
import readBatch from './readBatch.json' with { type: 'json' };
import readBatchAnswer from './readBatchAnswer.json' with { type: 'json' };
import caseRow from './caseRow.json' with { type: 'json' };
import itemRow from './itemRow.json' with { type: 'json' };
import lookupItem from './lookupItem.json' with { type: 'json' };
import webhookEndpoint from './webhookEndpoint.json' with { type: 'json' };
import webhookDelivery from './webhookDelivery.json' with { type: 'json' };
import secondFactorStatus from './secondFactorStatus.json' with { type: 'json' };
import secondFactorEnrolment from './secondFactorEnrolment.json' with { type: 'json' };
import secondFactorCode from './secondFactorCode.json' with { type: 'json' };
import secondFactorRecoveryCodes from './secondFactorRecoveryCodes.json' with { type: 'json' };
import secondFactorDisable from './secondFactorDisable.json' with { type: 'json' };
import secondFactorChallenge from './secondFactorChallenge.json' with { type: 'json' };
import secondFactorChallengeCode from './secondFactorChallengeCode.json' with { type: 'json' };

export const Schemas = {
  securitySettings,
  expenseType,
  user,
  userCreate,
  account,
  usersQuery,
  userLock,
  group,
  groupRole,
  groupTags,
  forgotPassword,
  forgotUsername,
  resetPassword,
  anonymousPassword,
  confirmEmail,
  resendMail,
  partnerFolder,
  partnerFile,
  typeList,
  typeItem,
  sectionDefinition,
  sectionTemplate,
  sectionRoi,
  itemType,
  itemTypeSection,
  itemHistoryEntry,
  itemTypeSectionRequired,
  itemTypeSectionSwap,
  itemTypeAsset,
  caseTemplate,
  caseTemplateItemSwap,
  role,
  org,
  orgCreate,
  orgParent,
  orgCaseType,
  orgCaseTypeCreate,
  caseFee,
  orgDeadline,
  orgExpenseRule,
  orgUser,
  orgInvoiceSettings,
  qboCustomer,
  case: caseRecord,
  caseCreate,
  caseSubject,
  casesQuery,
  itemsQuery,
  casePaper,
  caseTracking,
  caseMessage,
  item,
  // The item's fields are item.json's; itemDetail.json says what the item page's answer adds (schemaExtension.ts).
  itemDetail: extendedSchema(itemDetailExtension, item),
  itemCreate,
  itemIds,
  itemAssign,
  itemAcds,
  itemReject,
  itemSwap,
  itemSection,
  itemSectionCreate,
  stockPhrase,
  itemAttachment,
  itemAttachmentSwap,
  person,
  workflowState,
  itemIssueCode,
  itemExpense,
  report,
  reportParameters,
  reportRequest,
  reportInstance,
  invoice,
  invoiceRequest,
  qboToken,
  accountingStatus,
  invoiceCasesQuery,
  invoiceableOrg,
  billableOrg,
  invoiceSummary,
  invoiceLine,
  invoiceListQuery,
  dashboard,
  dashboardQuery,
  readBatch,
  readBatchAnswer,
  caseRow,
  itemRow,
  lookupItem,
  auditEntry,
  auditLogQuery,
  caseStepAnswer,
  caseSsn,
  caseReviewerAnswer,
  caseHistoryEntry,
  displayOrders,
  itemTypeChoice,
  investigatorOption,
  itemEligibilityQuery,
  itemEligibility,
  itemRejectReason,
  caseWorkflow,
  caseRecipient,
  caseParameter,
  userLockState,
  orgSummary,
  message,
  passwordChange,
  ownPhone,
  emailConfirmed,
  partnerFileEntry,
  partnerFileUploaded,
  auditLogExport,
  auditLogChoices,
  accountingConnected,
  webhookEndpoint,
  webhookDelivery,
  secondFactorStatus,
  secondFactorEnrolment,
  secondFactorCode,
  secondFactorRecoveryCodes,
  secondFactorDisable,
  secondFactorChallenge,
  secondFactorChallengeCode,
} as const;

export type SchemaId = keyof typeof Schemas;

export const ALL_SCHEMAS: readonly object[] = Object.values(Schemas);

/**
 * Keywords our schemas add to JSON Schema, read by the generic screens and ignored by validation:
 * `x-lookup` (the field's options come from a lookup list), `x-messages` (spec wording for a failed keyword),
 * `x-ui` (form hints: widget, order, placeholder).
 */
export const SCHEMA_KEYWORDS = ['x-lookup', 'x-messages', 'x-ui'] as const;

/** The shape of a property in our schemas, as the generic screens read it. */
export interface PropertySchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  readOnly?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  enum?: unknown[];
  'x-lookup'?: string;
  'x-messages'?: Record<string, string>;
  'x-ui'?: { widget?: string; placeholder?: string; hidden?: boolean };
}

export interface ObjectSchema {
  $id?: string;
  title?: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  required?: string[];
}
