import { sqlMigration } from './sqlMigration.js';

/**
 * Case template labels and expense type names (Short) are unique in any letter case, like list, group and item
 * template names: screens and reports pick them by name. A database that already holds such twins keeps the
 * oldest as it is and gives each later one its id in brackets ("Tier 1 Standard (12)"), so the indexes can exist.
 */
export default sqlMigration([
  `UPDATE case_templates t SET "Label" = t."Label" || ' (' || t."Id" || ')'
    WHERE EXISTS (SELECT 1 FROM case_templates o WHERE lower(o."Label") = lower(t."Label") AND o."Id" < t."Id")`,
  `CREATE UNIQUE INDEX case_templates_label ON case_templates (lower("Label"))`,
  `UPDATE expense_types t SET "Short" = t."Short" || ' (' || t."Id" || ')'
    WHERE EXISTS (SELECT 1 FROM expense_types o WHERE lower(o."Short") = lower(t."Short") AND o."Id" < t."Id")`,
  `CREATE UNIQUE INDEX expense_types_short ON expense_types (lower("Short"))`,
]);
