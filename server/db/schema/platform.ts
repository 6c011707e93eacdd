import type { ColumnType } from 'kysely';
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

/** A user's TOTP second factor (migration 025): the secret sealed; unconfirmed while ConfirmedDate is null. */
export interface UserSecondFactorsTable {
  User_Id: number;
  SecretCipher: string;
  SecretKeyId: string;
  ConfirmedDate: NullableTimestamp;
  /** The newest time step a code was accepted for: a code is accepted once. */
  LastUsedStep: number | null;
  CreatedDate: CreatedAt;
}

export interface UserRecoveryCodesTable {
  Id: Id;
  User_Id: number;
  CodeHash: string;
  /** The key it was hashed under (null: made before migration 028). */
  CodeKeyId: string | null;
  UsedDate: NullableTimestamp;
}

/** The step between a right password and the second factor, by its token's hash. */
export interface SignInChallengesTable {
  Id: Id;
  TokenHash: string;
  User_Id: number;
  /** 'verify' | 'enrol' */
  Kind: 'verify' | 'enrol';
  CreatedDate: CreatedAt;
  ExpiresDate: Timestamp;
  Attempts: ColumnType<number, number | undefined, number>;
  EnrolledDate: NullableTimestamp;
}

/** The groups whose members must use a second factor (a security setting). */
export interface SecondFactorGroupsTable {
  Group_Id: number;
}

export interface PlatformTables {
  security_settings: SecuritySettingsTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  rate_limit_hits: RateLimitHitsTable;
  user_second_factors: UserSecondFactorsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  second_factor_groups: SecondFactorGroupsTable;
}
