import type { CreatedAt, FixedId, Flag, Id, NullableTimestamp, Timestamp } from './columns.js';

/** Settings, sessions and the counters that guard sign-in and every route (docs/data-model.md, "Settings, sessions, audit"). */

export interface SecuritySettingsTable {
  Id: FixedId;
  AutoLogoutTime: number | null;
  EnablePasswordExpiration: Flag;
  PasswordExpirationTime: number | null;
  UpdatedDate: CreatedAt;
  UpdatedBy_Id: number | null;
}

export interface SessionsTable {
  Id: Id;
  User_Id: number;
  TokenHash: string;
  CreatedDate: CreatedAt;
  LastActivityDate: CreatedAt;
  EndedDate: NullableTimestamp;
  /** 'logout' | 'replaced' | 'expired' */
  EndReason: string | null;
}

export interface SignInFailuresTable {
  UserKey: string;
  FailedCount: number;
  LockedUntil: NullableTimestamp;
  LastFailedDate: Timestamp;
}

export interface RateLimitHitsTable {
  Key: string;
  WindowStart: Timestamp;
  Count: number;
}

export interface PlatformTables {
  security_settings: SecuritySettingsTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  rate_limit_hits: RateLimitHitsTable;
}
