import type { Migration, MigrationProvider } from 'kysely';
import foundation from './001_foundation.js';
import templates from './002_templates.js';
import orgConfiguration from './003_org_configuration.js';
import casesAndItems from './004_cases_and_items.js';
import billingAndReports from './005_billing_and_reports.js';
import identity from './007_identity.js';
import partnerFiles from './008_partner_files.js';
import itemTypeNames from './009_item_type_names.js';
import rateLimits from './010_rate_limits.js';
import uniqueNames from './011_unique_names.js';
import caseWorkflow from './012_case_workflow.js';
import subjectNamesOnCases from './013_subject_names_on_cases.js';
import reportIndexes from './014_report_indexes.js';
import invoiceLines from './015_invoice_lines.js';
import orgQboName from './016_org_qbo_name.js';
import subjectNamePrefix from './017_subject_name_prefix.js';
import caseNumberCounters from './018_case_number_counters.js';
import auditTrail from './019_audit_trail.js';
import { sealedSsnMigration } from './020_sealed_ssn.js';
import invoiceHistory from './021_invoice_history.js';
import sectionXsltListNames from './022_section_xslt_list_names.js';
import storageKeyIndexes from './023_storage_key_indexes.js';
import webhooks from './024_webhooks.js';
import secondFactor from './025_second_factor.js';
import dashboardIndexes from './026_dashboard_indexes.js';
import accessVersion from './027_access_version.js';
import recoveryCodeKeys from './028_recovery_code_keys.js';
import webhookEventAge from './029_webhook_event_age.js';
import type { SsnVault } from '../../security/ssnVault.js';

/**
 * All migrations in order. A new migration is a new file here, never an edit of a released one. A migration that
 * seals stored values gets the SSN vault (the secret key); without it, it refuses when there is something to seal.
 */
const migrationsWith = (vault: SsnVault | undefined): Record<string, Migration> => ({
  '001_foundation': foundation,
  '002_templates': templates,
  '003_org_configuration': orgConfiguration,
  '004_cases_and_items': casesAndItems,
  '005_billing_and_reports': billingAndReports,
  '007_identity': identity,
  '008_partner_files': partnerFiles,
  '009_item_type_names': itemTypeNames,
  '010_rate_limits': rateLimits,
  '011_unique_names': uniqueNames,
  '012_case_workflow': caseWorkflow,
  '013_subject_names_on_cases': subjectNamesOnCases,
  '014_report_indexes': reportIndexes,
  '015_invoice_lines': invoiceLines,
  '016_org_qbo_name': orgQboName,
  '017_subject_name_prefix': subjectNamePrefix,
  '018_case_number_counters': caseNumberCounters,
  '019_audit_trail': auditTrail,
  '020_sealed_ssn': sealedSsnMigration(vault),
  '021_invoice_history': invoiceHistory,
  '022_section_xslt_list_names': sectionXsltListNames,
  '023_storage_key_indexes': storageKeyIndexes,
  '024_webhooks': webhooks,
  '025_second_factor': secondFactor,
  '026_dashboard_indexes': dashboardIndexes,
  '027_access_version': accessVersion,
  '028_recovery_code_keys': recoveryCodeKeys,
  '029_webhook_event_age': webhookEventAge,
});

export const migrationProvider = (vault: SsnVault | undefined): MigrationProvider => ({
  async getMigrations() {
    return migrationsWith(vault);
  },
});
