import { keyringOf, parseSecret } from '../../server/security/keyring.js';
import { SsnVault } from '../../server/security/ssnVault.js';

/** The secret key of the test databases (never a real installation's): 32 bytes as hex. */
export const TEST_SECRET_KEY = '72e849d0654e29f5f5b762e96c9260c5ac1e15b40b0c9650afba796fd835a9c4';

/** Seals and opens the test databases' SSNs (the seeded dump's and each test's). */
export const TEST_VAULT = new SsnVault(keyringOf(parseSecret(TEST_SECRET_KEY)));
