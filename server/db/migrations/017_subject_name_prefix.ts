import { sqlMigration } from './sqlMigration.js';

/**
 * The cases list's Search Name looks names up by how they start, last name first (docs/decisions.md, "Search Name"),
 * so one btree index answers it: the lowered last name (text_pattern_ops, so `lower(…) LIKE 'smith%'` is a range in
 * any collation), then the received date, the list's date range. Its INCLUDE columns are what a filtered search
 * checks and orders by (org, state, first name for a two-word name, the id): the exact count of a search by name,
 * org, state and dates is an index-only scan (docs/performance.md, change 6). The items list's Last Name box uses
 * it too. A smaller index on the lowered first name serves a first name typed with a comma (`, jordan`) and the
 * first-name-first order of two words. The trigram indexes of migration 013 served the former "anywhere in the
 * name" rule; nothing else reads them.
 */
export default sqlMigration([
  `CREATE INDEX cases_subject_last_prefix ON cases (lower("SubjectLastName") text_pattern_ops, "ReceivedDate")
     INCLUDE ("SubjectLastName", "SubjectFirstName", "Client_Id", "WorkflowState", "Id")`,
  `CREATE INDEX cases_subject_first_prefix ON cases (lower("SubjectFirstName") text_pattern_ops, "ReceivedDate")`,
  `DROP INDEX cases_subject_last_trgm`,
  `DROP INDEX cases_subject_first_trgm`,
]);
