import { sqlMigration } from './sqlMigration.js';

/**
 * The subject's first and last name on the case (`cases."SubjectFirstName"`, `"SubjectLastName"`), so the cases
 * search filters, counts and sorts by name on `cases` alone: the name's trigram bitmap can then be ANDed with the
 * org and date index of the same table (docs/performance.md, "Subject names on cases" in docs/decisions.md).
 *
 * `case_subjects` stays the subject's record; the two columns are a copy kept by triggers on it, in the writing
 * statement's transaction, whoever writes (the cases store, PUT /api/cases/:id/subject, the seed, bulk loads).
 * Statement-level with transition tables: a bulk insert of subjects is one set-based update of the cases, and a
 * case whose copy already holds the names is not written again. The function keeps the schema it was created in,
 * so a session with another search_path still updates this schema's cases.
 *
 * The name search's trigram indexes move with it: built on the new columns, dropped on `case_subjects` (nothing
 * else searches the subject's names by pattern).
 */
export default sqlMigration([
  `ALTER TABLE cases ADD COLUMN "SubjectFirstName" text, ADD COLUMN "SubjectLastName" text`,
  `UPDATE cases c SET "SubjectFirstName" = s."FirstName", "SubjectLastName" = s."LastName"
     FROM case_subjects s WHERE s."Case_Id" = c."Id"`,
  `CREATE FUNCTION cases_copy_subject_names() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   BEGIN
     UPDATE cases c SET "SubjectFirstName" = n."FirstName", "SubjectLastName" = n."LastName"
       FROM subjects_written n
      WHERE c."Id" = n."Case_Id"
        AND (c."SubjectFirstName" IS DISTINCT FROM n."FirstName" OR c."SubjectLastName" IS DISTINCT FROM n."LastName");
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER case_subjects_names_inserted AFTER INSERT ON case_subjects
     REFERENCING NEW TABLE AS subjects_written FOR EACH STATEMENT EXECUTE FUNCTION cases_copy_subject_names()`,
  `CREATE TRIGGER case_subjects_names_updated AFTER UPDATE ON case_subjects
     REFERENCING NEW TABLE AS subjects_written FOR EACH STATEMENT EXECUTE FUNCTION cases_copy_subject_names()`,
  `CREATE INDEX cases_subject_last_trgm ON cases USING gin ("SubjectLastName" gin_trgm_ops)`,
  `CREATE INDEX cases_subject_first_trgm ON cases USING gin ("SubjectFirstName" gin_trgm_ops)`,
  `DROP INDEX case_subjects_last_trgm`,
  `DROP INDEX case_subjects_first_trgm`,
]);
