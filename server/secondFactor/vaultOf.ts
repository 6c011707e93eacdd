import type { Keyring } from '../security/keyring.js';
import { TotpVault } from './totpVault.js';

const vaults = new WeakMap<Keyring, TotpVault>();

/** The TOTP vault of the app's keyring (the one the SSN vault was given at start), made once. */
export function totpVaultOf(keyring: Keyring): TotpVault {
  let vault = vaults.get(keyring);
  if (!vault) vaults.set(keyring, (vault = new TotpVault(keyring)));
  return vault;
}
