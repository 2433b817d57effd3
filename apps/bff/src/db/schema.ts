import type { ColumnType, Generated } from 'kysely';

/** Money columns are integer fen; months are 'YYYY-MM'; dates ISO strings. */
export interface DistributorsTable {
  ada: string;
  name_zh: string;
  name_en: string;
  phone: string;
  national_id: string;
  bank_card: string;
  bank_name: string;
  sponsor_ada: string | null;
  join_date: string;
  user_type: string;
  market: string;
  shop_code: string | null;
  /** Pre-order position in the sponsorship tree and subtree size: downline = (pos, pos + size). */
  tree_pos: number;
  tree_size: number;
  depth: number;
  pin_code: number;
  pin_month: string | null;
  head_image: string | null;
  /** Pin held before the imported history (distributors.csv pin_held); null: none. The close starts from it. */
  pin_held: number | null;
  /** The member's number, given once (migration 0014): what member references name (lib/member-ref.ts). */
  member_no: number;
}

/**
 * One row per distributor and month from the join month (or the first month of the seeded
 * window, September three PYs back) through today's month, written by the close. `pin_code`
 * is the pin held at the end of the month (today's month: the current pin).
 */
export interface MonthlyResultsTable {
  ada: string;
  month: string;
  ppv: number;
  gpv: number;
  pgpv: number;
  /** BV of the personal PV, fen: the orders' own BV (an order without one: PV × the PY's ratio). */
  bv_fen: number;
  bracket: number;
  is_q: number;
  q_legs: number;
  apv: number;
  is_sp: number;
  pin_code: number;
  new_customers: number;
  points: number;
  compliant: number;
  /** 1 = a closed month (the default); 0 = today's month to date (partial, may still change). */
  closed: Generated<number>;
  /** Event codes attended this month, comma-separated (plan attendance criteria); null = none. */
  attended: string | null;
  /** PGPV of the 21 % groups below that a Pearl above is paid on (the close's pearlPassPv). */
  pearl_pass_pv: Generated<number>;
  /** Leadership passed up to the sponsor, fen (the open month: so far). */
  leadership_up_fen: Generated<number>;
  /** Global Award qualification credits counted when a PY closed (its last month; else 0). */
  qualification_credits: Generated<number>;
  /**
   * BV, fen (migration 0010): group, personal group, and pearl_pass_pv's; null on rows closed
   * before the orders' BV was kept (paid on PV × the PY's ratio then).
   */
  gbv_fen: number | null;
  pgbv_fen: number | null;
  pearl_pass_bv_fen: number | null;
  /** Below 21 % with returns: the 21 % groups it passes to the first 21 % upline, and their positive PGBV. */
  lead_legs: number | null;
  lead_base_bv_fen: number | null;
}

export interface StatementsTable {
  ada: string;
  month: string;
  pretax_fen: number;
  tax_fen: number;
  net_fen: number;
  /**
   * JSON array of the engine's statement items with a non-zero amount (PROMOTION always):
   * `{ code, subCode?, name?, baseBvFen, rateBp, amountFen }`; names come from ITEM_NAMES by
   * code (adjustments carry their own). Per-leg lines are not stored: monthlyStatement rebuilds
   * them from the frontline's monthly_results. Σ amountFen = pretax_fen; only months with
   * pretax_fen > 0 have a row.
   */
  items: string;
  /**
   * The payment date, `YYYY-MM-DD`: the rule table's day of the month after (plan engine's
   * paymentDateOf). The calendar-year tax views count a statement in this date's year.
   */
  paid_on: string;
}

/**
 * One row per distributor and PY (only PYs with group volume). `summary` is JSON:
 * `{ [planCode]: { status, achieved: number[], level?: string | null } }` for every plan of
 * `plansFor(py)`, where `achieved[k]` is the achieved figure of the plan's k-th criterion
 * (required values, labels and units come from the plan definition) and `level` the highest
 * met tier / best met track for plans with levels. Written by the seed (evaluatePlans with
 * detail: false, today = the seed's today).
 */
/**
 * What the last close saved for the next one (migrations 0011, 0012; close/checkpoint.ts): the
 * engine's state after the last closed month and the open months' figures, one binary part each.
 */
export interface CloseCheckpointTable {
  part: string;
  data: Uint8Array;
}

/** Members an import or close touched, with their uplines (migration 0013; db/data-version.ts). */
export interface AnswerChangesTable {
  seq: Generated<number>;
  /** ADAs, one a line. */
  adas: string;
}

export interface PlanResultsTable {
  ada: string;
  py: string;
  summary: string;
  /** 1: the plans make a planProgress event (a plan met, a criterion met), 0: none; null: written before it was kept (migration 0019). */
  news: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * One row per order a company imported (docs/data-import.md), keyed by its own order id.
 * `ordered_at` is ISO text in China time (`YYYY-MM-DDTHH:MM:SS+08:00`), `month` its `YYYY-MM`;
 * `pv` is negative for a return; `bv_fen` the order's BV in fen (given, or PV × the PY's ratio).
 */
export interface OrdersTable {
  order_id: string;
  ada: string;
  ordered_at: string;
  month: string;
  pv: number;
  bv_fen: number;
  /** The company's customer id: a customer's first order makes a new customer of the ABO that month. */
  customer_id: string | null;
}

/** A member's orders of a month, summed (import/order-months.ts): what the month close reads. */
export interface OrderMonthsTable {
  month: string;
  ada: string;
  pv: number;
  bv_fen: number;
  /** Customers whose first purchase is one of these orders. */
  new_customers: number;
}

/** Event attendance (plan attendance criteria): one row per distributor, event and day. */
export interface AttendanceTable {
  ada: string;
  event_code: string;
  /** `YYYY-MM-DD`. */
  attended_on: string;
}

export interface ShopsTable {
  code: string;
  name_zh: string;
  name_en: string;
  city_zh: string;
  city_en: string;
  address: string;
  phone: string;
}

export interface UserSettingsTable {
  ada: string;
  target_pin: number | null;
  shop_code: string | null;
  biennial_tag: string | null;
  updated_at: string;
}

export interface InvitationsTable {
  id: string;
  ada: string;
  invitee_name: string;
  note: string;
  created_at: string;
  revoked_at: string | null;
}

export interface PromptsTable {
  id: Generated<number>;
  business_type: string;
  year: string;
  month: string;
  type: string;
  title_zh: string;
  title_en: string;
  content_zh: string;
  content_en: string;
}

export interface PromptClosesTable {
  ada: string;
  business_type: string;
  year: string;
  month: string;
  type: string;
  closed_at: string;
}

export interface NoviceGuidesTable {
  ada: string;
  business_type: string;
  done_at: string;
}

export interface DescriptionPagesTable {
  code: string;
  title_zh: string;
  title_en: string;
  content_zh: string;
  content_en: string;
}

export interface CredentialsTable {
  username: string;
  ada: string;
  kind: string;
  display_name: string;
  password_hash: string;
  /** Staff accounts: 'service' (customer service) or 'operator' (the import page); '' for distributors. */
  role: Generated<string>;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  public_jwk: string;
  private_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export interface SessionTokensTable {
  token_hash: string;
  ada: string;
  kind: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * One window of the sign-in budget on PostgreSQL (migration 0016, routes/idp/sign-in-budget.ts):
 * the attempts charged to an account or a client address until `ends_at` (ms since the epoch).
 */
export interface SignInWindowsTable {
  kind: 'account' | 'address';
  key: string;
  count: number;
  ends_at: number;
}

/** An income certificate issued, by its verification code (migration 0018, db/certificate-issues.ts). */
export interface CertificateIssuesTable {
  /** Canonical form, no dashes (packages/contract/src/certificate-code.ts). */
  code: string;
  ada: string;
  /** 'taxCertificate' | 'pyCertificate'. */
  kind: string;
  /** '2025' or '25/26'. */
  period: string;
  /** ISO-8601 UTC. */
  issued_at: string;
  /** The day printed on it (China time, the business day). */
  issued_on: string;
  /** When it was last issued (a re-download): the latest row of a period is the current one. */
  last_issued_at: string;
  last_issued_on: string;
  /** SHA-256 hex of the amounts it prints (documents/certificate-digest.ts). */
  digest: string;
  /** JSON CertificateTotals. */
  totals: string;
}

/** One-time links to a document (migration 0006, db/document-links.ts, routes/documents). */
export interface DocumentLinksTable {
  /** sha256 of the link's token (base64url); the token itself is only in the link. */
  token_hash: string;
  /** sha256 of the value of the browser cookie the link is bound to. */
  cookie_hash: string;
  actor: string;
  ada: string;
  channel: string;
  /** 1 for a staff session (iinquiry). */
  staff: number;
  /** The DocumentRequest, as JSON. */
  request: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** What the import and the close told a distributor (migration 0007, notifications/). */
export interface NotificationsTable {
  /** bigserial on PostgreSQL: read back as a string there. */
  id: Generated<number | string>;
  ada: string;
  /** A NotificationKind (packages/contract/src/notifications.ts). */
  kind: string;
  /** Unique per distributor: the same event is never told twice. */
  event_key: string;
  month: string | null;
  /** JSON LocalText. */
  title: string;
  /** JSON LocalText. */
  body: string;
  /** App path under /front of the page that explains it. */
  link: string;
  /** JSON: the values a push template fills in. */
  params: string;
  created_at: string;
  read_at: string | null;
}

/** One push of a notification to one channel (migration 0007, notifications/outbox.ts). */
export interface NotificationOutboxTable {
  id: Generated<number | string>;
  notification_id: number | string;
  ada: string;
  /** A PushChannel: wec or ca. */
  channel: string;
  /** `<notification id>:<channel>`: what the receiving service deduplicates by. */
  idempotency_key: string;
  /** pending, sent, failed or skipped. */
  status: string;
  attempts: Generated<number>;
  /** Not before this time (a retry's backoff, the end of quiet hours). */
  due_at: string;
  /** A worker's lease on the row; null or past: free to claim. */
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}

/** A distributor's notification preferences (migration 0007); no row: everything, any time. */
export interface NotificationPreferencesTable {
  ada: string;
  /** JSON record kind → pushed. */
  kinds: string;
  /** JSON record channel → pushed. */
  channels: string;
  /** Quiet hours, China time HH:MM, both or neither. */
  quiet_from: string | null;
  quiet_to: string | null;
  updated_at: string;
}

/** Where a push channel reaches a distributor (WeChat: the official account's openid). */
export interface NotificationAddressesTable {
  ada: string;
  channel: string;
  address: string;
  updated_at: string;
}

/** A member a distributor starred on the market pages, with their private note (migration 0008). */
export interface WatchlistTable {
  ada: string;
  member_ada: string;
  /** Trimmed, at most WATCH_NOTE_MAX characters; '' for none. */
  note: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  subject_ada: string;
  action: string;
  channel: string;
  at: string;
}

/** One upload of the operators' import page, from its check to its import and close (operator/runs.ts). */
export interface ImportRunsTable {
  id: string;
  status: string;
  replace: number;
  /** JSON: [{ name, bytes, sha256 }]. */
  files: string;
  uploaded_by: string;
  uploaded_at: string;
  confirmed_by: string | null;
  confirmed_at: string | null;
  finished_at: string | null;
  /** JSON: { total, shown }. */
  issues: string | null;
  /** JSON: what the check found (ImportCounts). */
  check_counts: string | null;
  /** JSON: what the import wrote (ImportCounts). */
  imported: string | null;
  /** JSON: what the close did. */
  close_result: string | null;
  /** JSON: { phase, done, total }. */
  progress: string | null;
  error: string | null;
  /** 1 while checking, importing or closing (unique: one busy run per database), else null. */
  busy_slot: number | null;
  /** ISO time until which the working process holds the run. */
  lease_until: string | null;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  at: string;
  event: string;
  distinct_id: string;
  properties: string;
}

export interface MetaTable {
  key: string;
  value: ColumnType<string, string, string>;
}

export interface Database {
  distributors: DistributorsTable;
  monthly_results: MonthlyResultsTable;
  statements: StatementsTable;
  plan_results: PlanResultsTable;
  close_checkpoint: CloseCheckpointTable;
  answer_changes: AnswerChangesTable;
  orders: OrdersTable;
  order_months: OrderMonthsTable;
  attendance: AttendanceTable;
  shops: ShopsTable;
  user_settings: UserSettingsTable;
  invitations: InvitationsTable;
  prompts: PromptsTable;
  prompt_closes: PromptClosesTable;
  novice_guides: NoviceGuidesTable;
  description_pages: DescriptionPagesTable;
  credentials: CredentialsTable;
  signing_keys: SigningKeysTable;
  session_tokens: SessionTokensTable;
  sign_in_windows: SignInWindowsTable;
  document_links: DocumentLinksTable;
  certificate_issues: CertificateIssuesTable;
  notifications: NotificationsTable;
  notification_outbox: NotificationOutboxTable;
  notification_preferences: NotificationPreferencesTable;
  notification_addresses: NotificationAddressesTable;
  watchlist: WatchlistTable;
  audit_log: AuditLogTable;
  import_runs: ImportRunsTable;
  analytics_events: AnalyticsEventsTable;
  meta: MetaTable;
}

/**
 * Every table, at run time (the type above has no run-time form). Ordered so that a table comes
 * after those it refers to. The check below fails to compile when a table is missing here.
 */
export const TABLE_NAMES = [
  'meta',
  'distributors',
  'monthly_results',
  'statements',
  'plan_results',
  'close_checkpoint',
  'answer_changes',
  'orders',
  'order_months',
  'attendance',
  'shops',
  'user_settings',
  'invitations',
  'prompts',
  'prompt_closes',
  'novice_guides',
  'description_pages',
  'credentials',
  'signing_keys',
  'session_tokens',
  'sign_in_windows',
  'document_links',
  'certificate_issues',
  'notifications',
  'notification_outbox',
  'notification_preferences',
  'notification_addresses',
  'watchlist',
  'audit_log',
  'import_runs',
  'analytics_events',
] as const satisfies readonly (keyof Database)[];
type MissingTables = Exclude<keyof Database, (typeof TABLE_NAMES)[number]>;
const everyTableListed: [MissingTables] extends [never] ? true : MissingTables = true;
void everyTableListed;
