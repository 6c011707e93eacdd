/** Business constants and limits from the spec, in one place for server and client. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const Timing = {
  /** The /qbo/auth pop-up shows its text this long, then closes itself. */
  QBO_CALLBACK_CLOSE_MS: 1500,
  /** Lookup lists are refreshed when older than this. */
  LOOKUP_CACHE_MS: 5 * MINUTE,
  /** Orgs are refreshed when older than this. */
  ORG_CACHE_MS: 30 * MINUTE,
  /**
   * Reference data read through react-admin (pickers' choices, workflow states, the names of referenced records;
   * src/session/referenceQueries.ts) is not asked for again when another page needs it within this time: every write
   * of this app asks again at once. At most the query cache's default gcTime (5 minutes), which keeps it that long.
   */
  REFERENCE_CACHE_MS: 5 * MINUTE,
  /** Session guard default when the security setting AutoLogoutTime is unset. */
  DEFAULT_AUTO_LOGOUT_MINUTES: 30,
  /** The logout warning shows this long before logout... */
  LOGOUT_WARNING_LONG_MS: 10 * MINUTE,
  /** ...or this long before when the timeout is short. */
  LOGOUT_WARNING_SHORT_MS: 2 * MINUTE,
  /** Client activity refreshes the server's idle clock at most this often. */
  SESSION_KEEPALIVE_MS: MINUTE,
  /** The server writes a session's last-activity time at most this often. */
  SESSION_TOUCH_MS: 30 * SECOND,
  /**
   * The server's idle clock lags the user's last activity by up to a keepalive and a touch: it ends a session only
   * this long after AutoLogoutTime, so it never ends one the browser's countdown still counts.
   */
  SESSION_IDLE_GRACE_MS: MINUTE + 30 * SECOND,
  /** Toasts close after this (spec 000 §9)... */
  TOAST_MS: 5 * SECOND,
  /** ...case notices after this... */
  CASE_TOAST_MS: 6 * SECOND,
  /** ...and toasts queued through the toast helper (src/layout/toast.ts) after this. */
  HELPER_TOAST_MS: 8 * SECOND,
  USER_LIST_DEBOUNCE_MS: 500,
  ITEM_FETCH_DEBOUNCE_MS: 500,
  CASE_FETCH_DEBOUNCE_MS: 250,
  FILTER_TEXT_DEBOUNCE_MS: 250,
  DUPLICATE_CHECK_DEBOUNCE_MS: 300,
  DOUBLE_CLICK_MS: 300,
  /**
   * A page that batches its reads (the case and item pages) sends the reads its parts ask for within this window as
   * one POST /api/reads: a page whose parts mount together opens in one round of requests.
   */
  READ_BATCH_WINDOW_MS: 10,
  INVOICE_ORG_DEBOUNCE_MS: 500,
  ASSET_RENAME_DEBOUNCE_MS: 500,
  SECTION_AUTOSAVE_MS: 30 * SECOND,
  REPORT_SLOW_HINT_MS: 30 * SECOND,
  /** The case page reads the case's workflow state this often while the page is visible (spec 001 §2). */
  CASE_WORKFLOW_POLL_MS: 10 * SECOND,
} as const;

export const PageSizes = {
  DEFAULT: 20,
  /** Tables the spec shows without a pager (a folder's partner files, an item template's sections): all rows. */
  UNPAGED: 100_000,
  USERS: 20,
  /** The cases list (spec 001 §2: 20 per page, first page 0). */
  CASES: 20,
  /** A case's messages: paged only above 10 (spec 001 §2). */
  CASE_MESSAGES: 10,
  /** The items of one case (spec 001 §9: default page size 20). */
  CASE_ITEMS: 20,
  /** Item search across all cases (spec 001 §7: page size 20 by default, first page 0). */
  ITEMS: 20,
  /** An item's history on the item page (the spec gives no size: 10, newest first). */
  ITEM_HISTORY: 10,
  /** An item's issue codes on the item page (the spec gives no size: 10, newest first). */
  ITEM_ISSUE_CODES: 10,
  /** An item's expenses on the item page (spec 001 §9: the expense sub-table pages at 5 rows). */
  ITEM_EXPENSES: 5,
  SUB_TABLE: 5,
  LIST_ITEMS: 10,
  EXPENSE_TYPES: 10,
  ORG_EXPENSE_RULES: 10,
  ORG_USERS: 10,
  DEADLINES: 5,
  ITEM_TEMPLATE_ASSETS: 5,
  REPORT_RESULTS: 15,
  /** The audit log (Admin): newest first, 25 a page (the spec has no such screen). */
  AUDIT_LOG: 25,
  REPORT_NESTED: 10,
  MESSAGES: 10,
  CASE_ATTACHMENTS: 5,
  EXPENSES: 5,
} as const;

/**
 * Sign-in throttling (server/auth/signInThrottle.ts). Successful sign-ins count only toward the flood ceiling, so a
 * whole office behind one address signs in in the same minute; failures are held back per username and address, and
 * per address across usernames (password spraying); the account lockout counts failures per username everywhere.
 */
export const SignInLimits = {
  /** Every sign-in attempt from one address, per minute: a ceiling against floods only. */
  ATTEMPTS_PER_ADDRESS_PER_MINUTE: 300,
  /** Failed sign-ins of one username from one address, per minute. */
  FAILURES_PER_USER_AND_ADDRESS_PER_MINUTE: 10,
  /** Failed sign-ins from one address over all usernames, per minute. */
  FAILURES_PER_ADDRESS_PER_MINUTE: 60,
  WINDOW_MS: 60_000,
} as const;

/** The second sign-in factor (TOTP, RFC 6238; server/secondFactor/). */
export const SecondFactorLimits = {
  /** The issuer an authenticator app shows beside the account. */
  ISSUER: 'Dossier',
  DIGITS: 6,
  PERIOD_SECONDS: 30,
  /** Codes of the time steps either side of now are accepted too (clocks drift; a code typed as it turns). */
  WINDOW_STEPS: 1,
  /** 160 bits, as RFC 4226 recommends. */
  SECRET_BYTES: 20,
  RECOVERY_CODES: 10,
  /** How long the step between the password and the code lasts. */
  CHALLENGE_MINUTES: 5,
  /** Wrong codes one challenge takes before it ends (each also counts toward the username's lockout). */
  CHALLENGE_ATTEMPTS: 5,
} as const;

export const Limits = {
  MOBILE_BREAKPOINT_PX: 768,
  /** A toast dragged sideways further than this is dismissed; a shorter drag springs back. */
  TOAST_DRAG_DISMISS_PX: 80,
  DATE_PICKER_YEARS_BACK: 100,
  DATE_PICKER_YEARS_AHEAD: 10,
  /** A lock longer than this counts as "Forever". */
  LOCK_FOREVER_YEARS: 50,
  SSN_MAX_LENGTH: 9,
  /** The longest additional-setting value of a case. */
  TEXT_MAX: 4000,
  MESSAGE_PREVIEW_CHARS: 28,
  ITEM_NUMBER_DIGITS: 3,
  CASE_NUMBER_SHOWN_CHARS: 6,
  ORG_TREE_MIN_WIDTH_PX: 300,
  ORG_TREE_INDENT_PX: 20,
  ORG_TREE_HEIGHT_PX: 400,
  INVOICE_TREE_MIN_HEIGHT_PX: 600,
  SIDE_PANEL_WIDTH_PX: 300,
  XSLT_TAB_SIZE: 4,
  /** Failed sign-ins in a row before the account is locked, and for how long. */
  MAX_FAILED_SIGN_INS: 5,
  FAILED_SIGN_IN_LOCK_MINUTES: 15,
  PASSWORD_MIN_LENGTH: 12,
  PASSWORD_MAX_LENGTH: 128,
  PASSWORD_HISTORY: 5,
  RESET_CODE_HOURS: 1,
  /** A new user's e-mail confirmation link stays valid this long. */
  CONFIRM_CODE_DAYS: 7,
  /** A confirmation e-mail is sent to the same user at most once in this many minutes. */
  CONFIRM_MAIL_INTERVAL_MINUTES: 1,
  /** "Deactivate forever" locks this far ahead (anything beyond LOCK_FOREVER_YEARS shows as Forever). */
  LOCK_FOREVER_SET_YEARS: 100,
  /** Server-paged lists (users, cases, items) count matching rows exactly up to this many, and estimate beyond. */
  COUNT_BOUND: 10_000,
  /** Rows read at a time when the audit log is exported as CSV (streamed: never the whole log in memory). */
  AUDIT_EXPORT_BATCH: 1000,
  /**
   * A list filtered by org scope alone trusts PostgreSQL's row estimate, without counting, when it is at least this
   * many times COUNT_BOUND (server/db/boundedCount.ts): such an estimate is never that far off.
   */
  COUNT_ESTIMATE_MARGIN: 10,
  /**
   * That estimate is asked of PostgreSQL again after this long (server/db/boundedCount.ts): it comes from the table's
   * statistics, which change only when the table is analysed, and asking costs each list page a statement.
   */
  COUNT_ESTIMATE_KEEP_MS: 10_000,
  /** At most this many such estimates are kept per database (one per org scope a list was asked with). */
  COUNT_ESTIMATES_KEPT: 1000,
  /** Users whose access (roles, groups, tags, org scope) an instance keeps between their requests (server/auth/sessions.ts). */
  ACCESS_KEPT: 10_000,
  /**
   * A filtered cases search the planner expects to match at most this many cases reads its page and count in one
   * statement (server/cases/caseSearch.ts `pageWithCount`): beyond it, sorting every match costs more than the
   * separate page query it saves (docs/performance.md, change 5).
   */
  COUNT_WITH_PAGE_MAX: 2_000,
  /** An item section's Definition as sent (JSON text), its longest value, and the most entries of a template field. */
  SECTION_DEFINITION_MAX_LENGTH: 500_000,
  SECTION_VALUE_MAX_LENGTH: 20_000,
  SECTION_ENTRIES_MAX: 100,
  /** The longest stock phrase (schemas/stockPhrase.json says the same). */
  STOCK_PHRASE_MAX_LENGTH: 1000,
  /** An item expense's longest note, most units and largest override in dollars (schemas/itemExpense.json says the same). */
  EXPENSE_NOTE_MAX_LENGTH: 1000,
  EXPENSE_UNITS_MAX: 100_000,
  EXPENSE_OVERRIDE_MAX: 1_000_000,
  /** Reports read their rows from the database this many at a time (a cursor on PostgreSQL, pages on PGlite). */
  REPORT_BATCH_ROWS: 1000,
  /** A report's PDF holds at most this many rows (its CSV holds them all). */
  REPORT_PDF_MAX_ROWS: 10_000,
  /** Report instances (generated for the on-screen preview) are kept this many hours, then removed. */
  REPORT_INSTANCE_HOURS: 24,
} as const;

export const Formats = {
  DATE: 'MM/DD/YYYY',
  TABLE_DATE: 'MM/DD/YY',
  LONG_DATE: 'MMMM DD, YYYY',
  LOCK_DATE: 'MMMM D, YYYY',
  MESSAGE_DATE: 'MMMM DD YYYY, h:mm A',
  CURRENCY: '$0,0.00',
} as const;

/** Names with a fixed meaning. */
export const INACTIVE_ORGS_NAME = 'INACTIVE ORGS';
export const FOOTER_YEAR = '2018';
export const PERSIST_KEY = 'root';
export const PERSIST_VERSION = 2;

/** Live notices of cases and items (server/live/, src/live/; docs/decisions.md "Live notices"). */
export const Live = {
  /** The server sends a comment on every open stream this often, so proxies keep it open, and checks its session. */
  HEARTBEAT_MS: 25 * SECOND,
  /** The client treats a stream that sent nothing (not even a heartbeat) for this long as lost, and reconnects. */
  STALE_MS: 60 * SECOND,
  /** A lost stream is reopened after this wait, doubled after each failure up to the maximum (with jitter). */
  RECONNECT_MIN_MS: SECOND,
  RECONNECT_MAX_MS: 30 * SECOND,
  /** Notices that arrive together show as one toast, the newest, this long after the last (spec 001 §9 "toast 300 ms"). */
  NOTICE_DEBOUNCE_MS: 300,
  /** Notice toasts close after this (spec 001 §8, §9). */
  TOAST_MS: Timing.CASE_TOAST_MS,
  /** A stream whose unsent data grows past this (a client that stopped reading) is closed; the client reconnects. */
  MAX_BUFFERED_BYTES: 256 * 1024,
} as const;

/** Invoicing (spec 002 §2.7; schemas/invoiceCasesQuery.json and invoiceRequest.json say the same). */
export const Invoicing = {
  /** The most orgs one call of the invoicing screen asks about. */
  MAX_ORGS: 500,
  /** The most cases one invoice holds. */
  MAX_CASES: 2000,
  /** The workflow states whose cases are billed, once they have a completion date. */
  BILLABLE_STATES: ['COMPLETE', 'DISCONTINUED'],
} as const;

/** Limits of one upload (papers, attachments, item-template assets), zip contents included. */
export const ASSET_LIMITS = {
  /** Entries one zip may hold, folder entries included. */
  maxZipEntries: 200,
  /** The largest single file, uploaded directly or extracted from a zip (the multipart limit, UPLOAD_LIMITS.fileSize). */
  maxFileBytes: 50 * 1024 * 1024,
  /** The most bytes one upload may store after extraction. */
  maxUploadBytes: 200 * 1024 * 1024,
} as const;

/** The upload calls' rule in the API reference's words (papers, attachments, assets). */
export const UPLOAD_RULE =
  'All or nothing: a zip with unsafe paths, symlinks or encrypted entries, ' +
  `more than ${ASSET_LIMITS.maxZipEntries} entries, a file over ${ASSET_LIMITS.maxFileBytes / 1024 / 1024} MB ` +
  `or more than ${ASSET_LIMITS.maxUploadBytes / 1024 / 1024} MB in all is refused with 400.`;

/** Weight budgets of the client build, checked before the Chromium tests (scripts/firstScreenWeight.ts). */
export const Budgets = {
  /**
   * The most JavaScript and CSS, brotli-compressed, the browser fetches before the first screen (the sign-in page, or
   * the cases list once signed in): the entry module and all it imports statically (docs/performance.md).
   */
  FIRST_SCREEN_JS_BROTLI_BYTES: 250_000,
} as const;

/** Webhooks (issue 26 §3): how deliveries are signed, timed out and retried (server/webhooks/, docs/decisions.md "Webhooks"). */
export const Webhooks = {
  /** A receiver refuses a `Dossier-Signature` whose timestamp is further than this from its own clock (replays). */
  REPLAY_WINDOW_S: 300,
  /** How long one POST may take before it counts as a failed attempt. */
  TIMEOUT_MS: 10_000,
  /** How often the worker looks for due deliveries when nothing woke it. */
  POLL_MS: 2_000,
  /** The first retry's wait; each next one doubles, up to MAX_RETRY_MS. */
  FIRST_RETRY_MS: 30_000,
  MAX_RETRY_MS: 60 * 60_000,
  /** A delivery is retried until this long after its event, then failed. */
  RETRY_WINDOW_MS: 24 * 60 * 60_000,
  /** Deliveries one worker claims at a time. */
  BATCH: 20,
  /** The most of a receiver's answer or error kept in the delivery log. */
  MAX_ERROR_CHARS: 500,
  /** The delivery log's page size. */
  LOG_PAGE_SIZE: 25,
  /** The delivery log lists an endpoint's newest deliveries, this many at most. */
  LOG_LIMIT: 200,
  /** Events whose deliveries are all done (delivered or failed) are removed, with their log, this long after they happened. */
  KEEP_EVENTS_MS: 30 * 24 * 60 * 60_000,
  /** How often a worker removes such events. */
  PRUNE_EVERY_MS: 60 * 60_000,
  /** Events removed per statement. */
  PRUNE_BATCH: 1_000,
} as const;

/** The manager's dashboard (issue 26 §1; server/dashboard/, src/dashboard/). */
export const DashboardLimits = {
  /** Days before To the figures' range starts when no From is picked. */
  DEFAULT_DAYS: 90,
  /** Received and completed cases per week, for this many weeks ending at To. */
  WEEKS: 12,
  /** Revenue invoiced and uninvoiced per month, for this many months ending at To. */
  MONTHS: 12,
} as const;
