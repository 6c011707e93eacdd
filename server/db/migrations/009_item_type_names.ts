import { sqlMigration } from './sqlMigration.js';

/** Item template names are unique in any letter case: case templates and item pages pick templates by name. */
export default sqlMigration([`CREATE UNIQUE INDEX item_types_name ON item_types (lower("Name"))`]);
