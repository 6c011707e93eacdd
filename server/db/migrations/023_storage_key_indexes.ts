import { sqlMigration } from './sqlMigration.js';

/**
 * The stored files' keys, each served by an index: the start's sweep of files a crash left behind
 * (server/files/strayFiles.ts) looks up which keys rows still hold.
 */
export default sqlMigration([
  `CREATE INDEX IF NOT EXISTS case_attachments_storage_key ON case_attachments ("StorageKey") WHERE "StorageKey" IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS item_attachments_storage_key ON item_attachments ("StorageKey")`,
  `CREATE INDEX IF NOT EXISTS item_type_assets_storage_key ON item_type_assets ("StorageKey")`,
  `CREATE INDEX IF NOT EXISTS partner_files_storage_key ON partner_files ("StorageKey")`,
]);
