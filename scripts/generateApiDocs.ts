import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { readConfig } from '../server/config.js';
import { createPGlite, embeddedDatabase } from '../server/db/database.js';
import { renderApiDocs } from '../server/docs/apiDocs.js';
import { keyringOf, newSecretText, parseSecret } from '../server/security/keyring.js';
import { SsnVault } from '../server/security/ssnVault.js';
import { ROOT_DIR } from '../server/start.js';

/** Writes docs/api.md from the routes the app registers (no database contents needed). */
const db = embeddedDatabase(await createPGlite({}));
// No SSN is sealed or opened here: any key will do.
const app = await buildApp({ db, config: readConfig({}), vault: new SsnVault(keyringOf(parseSecret(newSecretText()))) });
await app.ready();
await writeFile(path.join(ROOT_DIR, 'docs/api.md'), renderApiDocs(app.routeCatalogue));
await app.close();
await db.destroy();
console.log('docs/api.md written');
