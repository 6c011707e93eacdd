import { keyringOf, parseSecret } from '../server/security/keyring.js';
import { SsnVault } from '../server/security/ssnVault.js';

/** The benchmarks' secret key, fixed so a kept bench schema opens again on the next run (never a real installation's). */
export const BENCH_VAULT = new SsnVault(keyringOf(parseSecret('0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0')));
