import type { QboConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AccountingNotAuthorised } from '../accounting.js';
import { QboTokenRefused, requestTokens, type QboTokens } from './qboHttp.js';
import { TokenSeal } from './tokenSeal.js';

/** An access token is refreshed this long before it expires, so a call never starts with one about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

/** The company (realm) the product is connected to and a usable access token for it. */
export interface QboAccess {
  realmId: string;
  accessToken: string;
}

/** A stored connection with its tokens opened (null where none is stored or it cannot be opened). */
interface StoredConnection {
  RealmId: string | null;
  AccessToken: string | null;
  RefreshToken: string | null;
  ExpiresDate: Date | string | null;
}

/**
 * The one QuickBooks connection of the firm, kept in `qbo_connections` (one row): the realm, the access token and
 * when it expires, and the refresh token, both tokens sealed (TokenSeal). Several API instances share it through
 * the database.
 */
export class QboConnection {
  private readonly seal: TokenSeal;

  constructor(
    private readonly config: QboConfig,
    private readonly now: () => Date,
  ) {
    this.seal = new TokenSeal(config.tokenKey);
  }

  private async read(db: Database, forUpdate = false): Promise<StoredConnection | undefined> {
    const query = db.selectFrom('qbo_connections').select(['RealmId', 'AccessToken', 'RefreshToken', 'ExpiresDate']).where('Id', '=', 1);
    const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
    if (!row) return undefined;
    const open = (sealed: string | null) => (sealed === null ? null : this.seal.open(sealed));
    return { ...row, AccessToken: open(row.AccessToken), RefreshToken: open(row.RefreshToken) };
  }

  /** The tokens of an answer as they are stored. */
  private sealed(tokens: QboTokens) {
    return { AccessToken: this.seal.seal(tokens.access_token), RefreshToken: this.seal.seal(tokens.refresh_token), ExpiresDate: this.expiry(tokens), UpdatedDate: this.now() };
  }

  private expiry(tokens: QboTokens): Date {
    return new Date(this.now().getTime() + tokens.expires_in * 1000);
  }

  /** Whether an authorisation is stored (it may still prove revoked on the next call). */
  async isAuthorised(db: Database): Promise<boolean> {
    const row = await this.read(db);
    return Boolean(row?.RealmId && row.RefreshToken);
  }

  /** Stores the tokens of a completed authorisation of the company `realmId`, replacing any earlier connection. */
  async store(db: Database, realmId: string, tokens: QboTokens): Promise<void> {
    const values = { RealmId: realmId, ...this.sealed(tokens) };
    await db
      .insertInto('qbo_connections')
      .values({ Id: 1, ...values })
      .onConflict((oc) => oc.column('Id').doUpdateSet(values))
      .execute();
  }

  /**
   * A usable access token: the stored one while it has more than a minute left, else a refreshed one. With
   * `stale` (a token the API just refused) that token is refreshed whatever its expiry says.
   * Throws AccountingNotAuthorised when there is no connection or QuickBooks refuses the refresh token.
   */
  async access(db: Database, stale?: string): Promise<QboAccess> {
    const row = await this.read(db);
    if (!row?.RealmId || !row.RefreshToken) throw new AccountingNotAuthorised();
    const fresh = row.AccessToken && row.AccessToken !== stale && row.ExpiresDate && new Date(row.ExpiresDate).getTime() - REFRESH_MARGIN_MS > this.now().getTime();
    if (fresh) return { realmId: row.RealmId, accessToken: row.AccessToken! };
    return this.refresh(db, row.AccessToken ?? undefined);
  }

  /**
   * Refreshes under a row lock, so that of several requests (or instances) finding the token expired one asks
   * QuickBooks and the others use its answer: QuickBooks rotates the refresh token, and a second refresh with the
   * old one could be refused. A refused refresh token ends the connection (the next call offers the link again).
   */
  private async refresh(db: Database, expired: string | undefined): Promise<QboAccess> {
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await this.read(trx, true);
      if (!row?.RealmId || !row.RefreshToken) return { revoked: true as const };
      // Another request refreshed while this one waited for the lock.
      if (row.AccessToken && row.AccessToken !== expired) return { access: { realmId: row.RealmId, accessToken: row.AccessToken } };
      try {
        const tokens = await requestTokens(this.config, { grant_type: 'refresh_token', refresh_token: row.RefreshToken });
        await trx
          .updateTable('qbo_connections')
          .set(this.sealed(tokens))
          .where('Id', '=', 1)
          .execute();
        return { access: { realmId: row.RealmId, accessToken: tokens.access_token } };
      } catch (error) {
        if (!(error instanceof QboTokenRefused)) throw error;
        await trx.updateTable('qbo_connections').set({ AccessToken: null, RefreshToken: null, ExpiresDate: null, UpdatedDate: this.now() }).where('Id', '=', 1).execute();
        return { revoked: true as const };
      }
    });
    if ('revoked' in outcome) throw new AccountingNotAuthorised('QuickBooks refused the stored authorisation; it must be given again.');
    return outcome.access;
  }
}
