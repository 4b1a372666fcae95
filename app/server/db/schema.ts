import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  CLEARANCE_KINDS,
  CONTENT_STATUSES,
  DISPUTE_STATUSES,
  DONATION_FREQUENCIES,
  DONATION_STATUSES,
  GIFT_METHODS,
  NEWSLETTER_STATUSES,
  OUTBOX_STATUSES,
  RECURRING_STATUSES,
  REGISTRATION_KINDS,
  REGISTRATION_STATUSES,
  ROLES,
  SHIFT_STATUSES,
  SIGNUP_STATUSES,
  SOFT_CREDIT_KINDS,
  SUBMISSION_HISTORY_KINDS,
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  SUBSCRIBER_STATUSES,
} from "../../lib/vocabulary";
import type { Attribution } from "../../lib/attribution";
import { ATTENDANCE_MARKS, DEFAULT_OFFER_HOURS, ENROLMENT_STATUSES, PROGRAMS } from "../../lib/families";
import { IMPORT_KINDS, IMPORT_STATUSES, type ImportSampleRow } from "../../lib/imports";

// Times are ISO-8601 UTC text; money is integer cents (docs/architecture.md, Data).
const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  passwordSalt: text("password_salt").notNull(),
  passwordIterations: integer("password_iterations").notNull(),
  role: text("role", { enum: ROLES }).notNull().default("USER"),
  locale: text("locale").notNull().default("en"),
  /**
   * When the person proved the e-mail is theirs (a link sent to it, or a password reset);
   * null until then, and /account shows nothing tied to the address (decision 013).
   */
  emailVerifiedAt: text("email_verified_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Keyed by the SHA-256 of the cookie token, so a leaked table opens no session. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
    /**
     * When this session passed a second factor (decision 048); an ADMIN or STAFF session
     * without it signs nobody in.
     */
    secondFactorAt: text("second_factor_at"),
    /** The browser's User-Agent at sign-in, so its owner can tell their sessions apart. */
    userAgent: text("user_agent").notNull().default(""),
    /** Refreshed at most every few minutes, not on every request (decision 048). */
    lastSeenAt: text("last_seen_at"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/**
 * An authenticator app's key (TOTP, RFC 6238), encrypted with AES-GCM (decision 048). Until
 * `confirmedAt` the key is only offered; `lastUsedStep` is the 30-second step of the last code
 * accepted, so a code (or an older one) is never accepted twice.
 */
export const totpCredentials = sqliteTable("totp_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  encryptedKey: text("encrypted_key").notNull(),
  confirmedAt: text("confirmed_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/**
 * Passkeys (WebAuthn credentials) an account added beside its authenticator app (decision 048):
 * the public key and the signature counter the authenticator last reported.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: text("last_used_at"),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/** One-use recovery codes, stored as their SHA-256 (decision 048). */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId)],
);

export const passwordResets = sqliteTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
  createdAt: createdAt(),
});

/**
 * An admin's invitation of a staff member (decision 052): the e-mailed link is a signed token of
 * the id and `sent_at`, so sending again replaces the earlier link; accepting it creates the
 * account with this role and name, its address verified by the link.
 */
export const staffInvites = sqliteTable(
  "staff_invites",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    locale: text("locale").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: text("sent_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    revokedAt: text("revoked_at"),
    createdAt: createdAt(),
  },
  (table) => [index("staff_invites_email_idx").on(table.email)],
);

/** Every public form post: one inbox for the team. */
export const submissions = sqliteTable(
  "submissions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: SUBMISSION_KINDS }).notNull(),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("new"),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** The validated form fields as JSON, exactly as the person typed them. */
    payload: text("payload", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    /**
     * The answers of the form's health fields, AES-GCM under CHILD_DATA_KEYS and bound to this id;
     * never in `payload` (decision 054). Null when none was given.
     */
    healthData: text("health_data", { mode: "json" }).$type<{ keyId: string; ciphertext: string }>(),
    /** Notes from before the history table; new notes are rows of `submission_history`. */
    notes: text("notes").notNull().default(""),
    /** The staff member working it (decision 022); null while nobody has taken it. */
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** A double click or a resend carries the same key and makes no second row. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The campaign and referring site of the visit it came from (decision 056), for reports only. */
    attribution: text("attribution", { mode: "json" }).$type<Attribution>(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("submissions_kind_status_idx").on(table.kind, table.status, table.createdAt),
    index("submissions_email_idx").on(table.email),
    // The inbox and its export, newest first, unfiltered or by one filter, to the last page
    // (docs/decisions/057-years-of-data.md).
    index("submissions_newest_idx").on(table.createdAt, table.id),
    index("submissions_kind_newest_idx").on(table.kind, table.createdAt, table.id),
    index("submissions_status_newest_idx").on(table.status, table.createdAt, table.id),
    index("submissions_assigned_newest_idx").on(table.assignedTo, table.createdAt, table.id),
    // The key rotation's pass finds health data under an old key without reading the inbox (decision 054).
    index("submissions_health_key_idx")
      .on(sql`health_data ->> '$.keyId'`)
      .where(sql`health_data IS NOT NULL`),
  ],
);

/**
 * What happened to a submission, newest last: notes, replies sent from the inbox, status and
 * assignment changes, each with its author and time (decision 022).
 */
export const submissionHistory = sqliteTable(
  "submission_history",
  {
    id: text("id").primaryKey(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SUBMISSION_HISTORY_KINDS }).notNull(),
    /** The note, the reply's text, or the new status or assignee's name. */
    body: text("body").notNull(),
    /** A reply's subject. */
    subject: text("subject"),
    /** The reply's outbox message. */
    outboxId: text("outbox_id"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as written, so the history still names an author whose account is gone. */
    userName: text("user_name").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("submission_history_submission_idx").on(table.submissionId, table.createdAt)],
);

export const subscribers = sqliteTable(
  "subscribers",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    locale: text("locale").notNull(),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    source: text("source").notNull().default("footer"),
    /** The campaign and referring site of the visit that first subscribed (decision 056). */
    attribution: text("attribution", { mode: "json" }).$type<Attribution>(),
    confirmTokenHash: text("confirm_token_hash"),
    /** The spreadsheet import that created it, so the import can be undone (decision 069). */
    importId: text("import_id"),
    createdAt: createdAt(),
    confirmedAt: text("confirmed_at"),
    unsubscribedAt: text("unsubscribed_at"),
  },
  (table) => [
    index("subscribers_import_idx")
      .on(table.importId)
      .where(sql`import_id IS NOT NULL`),
    // The subscriber list and its export newest first, and by status (decision 057).
    index("subscribers_newest_idx").on(table.createdAt, table.id),
    index("subscribers_status_newest_idx").on(table.status, table.createdAt, table.id),
  ],
);

/**
 * A newsletter issue, written in both languages by the team (decision 022). Sending moves it from
 * draft to sending to sent; who started it and when is kept here, each recipient in
 * `newsletter_deliveries`.
 */
export const newsletters = sqliteTable("newsletters", {
  id: text("id").primaryKey(),
  subjectEn: text("subject_en").notNull(),
  bodyEn: text("body_en").notNull(),
  subjectEs: text("subject_es").notNull(),
  bodyEs: text("body_es").notNull(),
  status: text("status", { enum: NEWSLETTER_STATUSES }).notNull().default("draft"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
  /** The sender's name or e-mail as it was, so the record outlives the account. */
  sentByName: text("sent_by_name"),
  sendStartedAt: text("send_started_at"),
  sentAt: text("sent_at"),
  /** Messages queued so far (one per row of newsletter_deliveries). */
  sentCount: integer("sent_count").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One row per subscriber an issue was queued for: the primary key makes a resumed or repeated
 * send skip everyone already done, so nobody gets an issue twice.
 */
export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    newsletterId: text("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    outboxId: text("outbox_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.newsletterId, table.subscriberId] })],
);

/** What the donor typed before leaving for Stripe Checkout; the webhook links gifts back to it. */
export const donationAttempts = sqliteTable("donation_attempts", {
  id: text("id").primaryKey(),
  frequency: text("frequency", { enum: DONATION_FREQUENCIES }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  feeCents: integer("fee_cents").notNull().default(0),
  currency: text("currency").notNull().default("usd"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  locale: text("locale").notNull(),
  anonymous: integer("anonymous", { mode: "boolean" }).notNull().default(false),
  dedicationType: text("dedication_type", { enum: ["honor", "memory"] }),
  dedicationName: text("dedication_name"),
  dedicationEmail: text("dedication_email"),
  employer: text("employer"),
  /** The donor ticked "e-mail me a link to finish" (decision 024): only then a recovery e-mail. */
  recoveryConsent: integer("recovery_consent", { mode: "boolean" }).notNull().default(false),
  /** Where the gift came from: `utm_*` and the referring site of the landing request (decision 056). */
  attribution: text("attribution", { mode: "json" }).$type<Attribution>(),
  stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
  status: text("status", { enum: ["open", "completed", "expired", "failed"] })
    .notNull()
    .default("open"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The time a gift counts for, when it was paid, else when it was recorded: the gift list orders
 * and filters by it, and its indexes are on it (written without a comma, which drizzle-kit's
 * index output would split; app/server/admin/donations.server.ts uses this very expression).
 */
const giftDay = sql`(case when paid_at is null then created_at else paid_at end)`;

/** One row per payment that Stripe reports: a one-time gift, or one monthly renewal. */
export const donations = sqliteTable(
  "donations",
  {
    id: text("id").primaryKey(),
    attemptId: text("attempt_id").references(() => donationAttempts.id),
    recurringGiftId: text("recurring_gift_id").references(() => recurringGifts.id),
    frequency: text("frequency", { enum: DONATION_FREQUENCIES }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: DONATION_STATUSES }).notNull(),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    locale: text("locale").notNull(),
    anonymous: integer("anonymous", { mode: "boolean" }).notNull().default(false),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeInvoiceId: text("stripe_invoice_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    stripeChargeId: text("stripe_charge_id"),
    stripeCustomerId: text("stripe_customer_id"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    paidAt: text("paid_at"),
    /** Cents given back so far (Stripe's cumulative amount_refunded); the gift counts net of it. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundedAt: text("refunded_at"),
    disputeStatus: text("dispute_status", { enum: DISPUTE_STATUSES }),
    stripeDisputeId: text("stripe_dispute_id"),
    /** Online (Stripe) or recorded by staff: cheque, cash, transfer, stock, DAF, in-kind (decision 056). */
    method: text("method", { enum: GIFT_METHODS }).notNull().default("online"),
    checkNumber: text("check_number"),
    /** The donor-advised fund's sponsor (e.g. Fidelity Charitable) for a DAF gift. */
    dafSponsor: text("daf_sponsor"),
    designation: text("designation"),
    note: text("note"),
    /** What an in-kind gift is; its value is the donor's to state, never on the receipt. */
    inKindDescription: text("in_kind_description"),
    /** Staff's own estimate of an in-kind gift, for reports only: never in the money totals. */
    estimateCents: integer("estimate_cents"),
    /** The pledge this payment applies to, if any (decision 056). */
    pledgeId: text("pledge_id").references(() => pledges.id),
    /** Who recorded an offline gift. */
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    /** A gift imported from a spreadsheet: its row's identity, unique, so a re-upload adds nothing (decision 056). */
    importKey: text("import_key").unique(),
    /** The spreadsheet import that recorded it, so the import can be undone (decision 069). */
    importId: text("import_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("donations_email_idx").on(table.donorEmail),
    index("donations_import_idx")
      .on(table.importId)
      .where(sql`import_id IS NOT NULL`),
    index("donations_pledge_idx").on(table.pledgeId),
    index("donations_paid_idx").on(table.status, table.paidAt),
    index("donations_payment_intent_idx").on(table.stripePaymentIntentId),
    index("donations_charge_idx").on(table.stripeChargeId),
    // A monthly renewal's first payment, whose attempt holds what the donor typed (decision 057).
    index("donations_recurring_first_idx").on(table.recurringGiftId, table.attemptId),
    // The fundraising campaign's progress: the gifts paid in its period (decision 057).
    index("donations_campaign_progress_idx").on(table.paidAt),
    // The gift list and its export by the day a gift counts for, whole or by frequency (decision 057).
    index("donations_gift_date_idx").on(giftDay, table.id),
    index("donations_frequency_gift_date_idx").on(table.frequency, giftDay, table.id),
    // The overview's month and year figures (counted gifts are `succeeded`) and the list by status,
    // read from the period's gifts: through `donations_paid_idx` they read every paid gift (decision 057).
    index("donations_status_gift_date_idx").on(table.status, giftDay, table.id),
  ],
);

/**
 * The gift list's totals kept as gifts are written (decision 057): per frequency,
 * status and campaign (`utm_campaign` of the visit, '' for none), how many gifts there are and what
 * those that count for the one rule count for. Written only by SQLite triggers on `donations`
 * (hand SQL in the migration, as the inbox search's), in the statement that writes the gift, so
 * no writer can forget it; never by the app.
 */
export const giftTotals = sqliteTable(
  "gift_totals",
  {
    frequency: text("frequency", { enum: DONATION_FREQUENCIES }).notNull(),
    status: text("status", { enum: DONATION_STATUSES }).notNull(),
    campaign: text("campaign").notNull(),
    gifts: integer("gifts").notNull().default(0),
    countedGifts: integer("counted_gifts").notNull().default(0),
    countedCents: integer("counted_cents").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.frequency, table.status, table.campaign] })],
);

/**
 * An amount a donor promised, paid in equal instalments every `intervalMonths` from `firstDueOn`
 * (a New York date). What is paid is what its gifts count for by the one rule (decision 056).
 */
export const pledges = sqliteTable(
  "pledges",
  {
    id: text("id").primaryKey(),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    locale: text("locale").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    instalments: integer("instalments").notNull(),
    intervalMonths: integer("interval_months").notNull(),
    firstDueOn: text("first_due_on").notNull(),
    /** The donor asked for an e-mail before each instalment. */
    remind: integer("remind", { mode: "boolean" }).notNull().default(false),
    note: text("note"),
    canceledAt: text("canceled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("pledges_email_idx").on(table.donorEmail)],
);

/**
 * A gift also credited to someone who did not pay it: the employee of a matching employer, a
 * DAF's advisor, a team fundraiser. It shows in their recognition total, never in money totals.
 */
export const softCredits = sqliteTable(
  "soft_credits",
  {
    id: text("id").primaryKey(),
    donationId: text("donation_id")
      .notNull()
      .references(() => donations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: SOFT_CREDIT_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("soft_credits_gift_email_idx").on(table.donationId, table.email),
    index("soft_credits_email_idx").on(table.email),
  ],
);

/** A monthly gift: the Stripe subscription and what the donor can change without a password. */
export const recurringGifts = sqliteTable(
  "recurring_gifts",
  {
    id: text("id").primaryKey(),
    stripeSubscriptionId: text("stripe_subscription_id").notNull().unique(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: RECURRING_STATUSES }).notNull().default("active"),
    /** Set in Stripe's portal (or by us): the gift ends when the paid month runs out. */
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** `created` (Unix seconds) of the newest subscription event mirrored, so an older one never wins. */
    stripeSyncedAt: integer("stripe_synced_at").notNull().default(0),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    locale: text("locale").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The monthly donors' list newest first, a donor's page, the counts by status (decision 057).
    index("recurring_gifts_newest_idx").on(table.createdAt, table.id),
    index("recurring_gifts_donor_idx").on(sql`lower(donor_email)`),
    index("recurring_gifts_status_idx").on(table.status, table.amountCents),
  ],
);

/**
 * What Stripe said about refunds and disputes of one payment, keyed by its PaymentIntent (or
 * charge when it has none). Every adjustment is written here before it is applied to the gift,
 * so one that arrives before its payment is applied when the payment is recorded (decision 017).
 */
export const paymentAdjustments = sqliteTable("payment_adjustments", {
  paymentKey: text("payment_key").primaryKey(),
  stripeChargeId: text("stripe_charge_id"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  refundedInFull: integer("refunded_in_full", { mode: "boolean" }).notNull().default(false),
  refundedAt: text("refunded_at"),
  disputeStatus: text("dispute_status", { enum: DISPUTE_STATUSES }),
  stripeDisputeId: text("stripe_dispute_id"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One run of the January year-end statements per calendar year (New York time): the address
 * it reached last, so a run cut short goes on from there and no donor gets two statements.
 */
export const statementRuns = sqliteTable("statement_runs", {
  year: integer("year").primaryKey(),
  /** The last donor e-mail queued, in the run's order (ascending); null before the first. */
  cursor: text("cursor"),
  queued: integer("queued").notNull().default(0),
  startedAt: createdAt(),
  finishedAt: text("finished_at"),
});

/**
 * A person the organisation knows from a spreadsheet (a board list, a gala's guests) who need not
 * have given, subscribed or volunteered; the e-mail is the person's key, as elsewhere (decision 069).
 */
export const contacts = sqliteTable(
  "contacts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    phone: text("phone"),
    organization: text("organization"),
    locale: text("locale").notNull().default("en"),
    note: text("note"),
    /** The spreadsheet import that created it, so the import can be undone. */
    importId: text("import_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("contacts_import_idx")
      .on(table.importId)
      .where(sql`import_id IS NOT NULL`),
  ],
);

/**
 * A spreadsheet import (decision 069): its file waits in R2, its rows are checked (the dry run)
 * and then written a batch at a time, each batch one request or one Cron run, with the next batch
 * and the running counts kept here so the job resumes wherever it stopped.
 */
export const imports = sqliteTable(
  "imports",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: IMPORT_KINDS }).notNull(),
    fileName: text("file_name").notNull(),
    /** The header row as the file has it, for the mapping page and the bad-rows report. */
    headers: text("headers", { mode: "json" }).notNull().$type<string[]>(),
    /** The header row's names, normalised and joined: the file's shape, the key of its saved mapping. */
    shape: text("shape").notNull(),
    /** Our field for each column of the file, in order ("" for a column left out). */
    mapping: text("mapping", { mode: "json" }).notNull().$type<string[]>(),
    /** For gifts: the method of a row that does not state one. */
    giftMethod: text("gift_method"),
    status: text("status", { enum: IMPORT_STATUSES }).notNull().default("mapping"),
    rows: integer("rows").notNull().default(0),
    batches: integer("batches").notNull().default(0),
    /** The batch the current step runs next; each step starts from 0. */
    nextBatch: integer("next_batch").notNull().default(0),
    /** What the dry run found. */
    checkedCreate: integer("checked_create").notNull().default(0),
    checkedMatch: integer("checked_match").notNull().default(0),
    checkedSkip: integer("checked_skip").notNull().default(0),
    /** What the import did. */
    created: integer("created").notNull().default(0),
    matched: integer("matched").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    /** The dry run's first rows and first skipped rows, for its page. */
    preview: text("preview", { mode: "json" })
      .notNull()
      .$type<ImportSampleRow[]>()
      .default(sql`'[]'`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    undoneAt: text("undone_at"),
  },
  (table) => [
    index("imports_newest_idx").on(table.createdAt),
    index("imports_status_idx").on(table.status, table.updatedAt),
  ],
);

/** The column mapping staff last chose for a file of this kind and shape (decision 069). */
export const importMappings = sqliteTable(
  "import_mappings",
  {
    kind: text("kind", { enum: IMPORT_KINDS }).notNull(),
    shape: text("shape").notNull(),
    mapping: text("mapping", { mode: "json" }).notNull().$type<string[]>(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.shape] })],
);

/** Each row an import skipped, with why and the row as the file had it: the bad-rows report. */
export const importSkips = sqliteTable(
  "import_skips",
  {
    importId: text("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    /** Why, as translation keys: `{ field: message }`, or one reason under "row". */
    reasons: text("reasons", { mode: "json" }).notNull().$type<Record<string, string>>(),
    cells: text("cells", { mode: "json" }).notNull().$type<string[]>(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.row] })],
);

/** Processed Stripe event ids: the primary key makes every webhook delivery idempotent. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

/** Every e-mail the product sends, written in the same request as the record it belongs to. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Which message this is (for example "contact.confirmation"), for the admin list and tests. */
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    /** Where a reply goes (the team notification answers the visitor). */
    replyTo: text("reply_to"),
    /** Extra message headers, for example List-Unsubscribe on newsletter mail. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** "failed" after the fast retries; it is still retried every six hours (decision 016). */
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: text("next_attempt_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    /** A sender's claim: until then no other delivery may send the message (decision 016). */
    leaseUntil: text("lease_until"),
    sentAt: text("sent_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
    // The outbox list newest first, and a donor's mail on their page (decision 057).
    index("outbox_newest_idx").on(table.createdAt, table.id),
    index("outbox_recipient_idx").on(sql`lower("to")`, table.createdAt),
  ],
);

/** Admin edits to copy, merged over the bundled JSON of app/locales. */
export const translationOverrides = sqliteTable(
  "translation_overrides",
  {
    locale: text("locale").notNull(),
    namespace: text("namespace").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.locale, table.namespace, table.key] })],
);

/**
 * A copy text whose other language changed since it was last touched (decision 052): saving a
 * text marks the same key in the other language; saving or marking that one reviewed clears it.
 */
export const copyReviews = sqliteTable(
  "copy_reviews",
  {
    locale: text("locale").notNull(),
    namespace: text("namespace").notNull(),
    key: text("key").notNull(),
    /** Who changed the other language, as written then. */
    changedByName: text("changed_by_name").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.locale, table.namespace, table.key] })],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt),
    // The log's filters: by author (and a STAFF member's own rows), newest first (decision 052).
    index("audit_log_user_idx").on(table.userId, table.createdAt),
    // What happened to one thing (a gift's refunds on its page), oldest first (decision 057).
    index("audit_log_target_idx").on(table.targetId, table.action, table.createdAt),
    // The log's filter by kind, newest first (decision 052).
    index("audit_log_kind_idx").on(table.targetType, table.createdAt),
  ],
);

/** Fixed-window counters for rate limits (forms, logins, checkout creation). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    uniqueIndex("rate_limits_window_idx").on(table.windowStart, table.key),
  ],
);

/**
 * Staff uploads (decision 021): the bytes are in R2 under `id` (the SHA-256 of the content and
 * its extension); this row is what pages need to link a file or reserve an image's space.
 */
export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    name: text("name").notNull(),
    /** Required for images, in both languages; empty for PDFs. */
    altEn: text("alt_en").notNull().default(""),
    altEs: text("alt_es").notNull().default(""),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("files_created_idx").on(table.createdAt)],
);

/**
 * Uploads replaced by another (decision 059): the old address answers 301 to the new one, so a
 * link in a sent newsletter or on another site keeps working. A replacement of the replacement
 * moves these rows on to the newest; deleting the newest removes them.
 */
export const fileReplacements = sqliteTable(
  "file_replacements",
  {
    oldKey: text("old_key").primaryKey(),
    newKey: text("new_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("file_replacements_new_idx").on(table.newKey)],
);

/**
 * Event RSVPs and tickets (decision 024), apart from donations: a ticket's price is not a gift,
 * only its deductible part (price − fair-market value) is, and that is stated on its receipt.
 * Seats held or confirmed count against the event's capacity, checked and written in one
 * statement (app/server/events/registrations.server.ts), as are the seats one address may hold
 * across all events (`holder`, decision 046).
 */
export const eventRegistrations = sqliteTable(
  "event_registrations",
  {
    id: text("id").primaryKey(),
    eventSlug: text("event_slug").notNull(),
    kind: text("kind", { enum: REGISTRATION_KINDS }).notNull(),
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    locale: text("locale").notNull(),
    /** Seats: the buyer's tickets, or the people an RSVP brings (the person included). */
    quantity: integer("quantity").notNull(),
    /** What one seat costs, and the fair-market value of what one seat gets, at the time. */
    unitPriceCents: integer("unit_price_cents").notNull().default(0),
    unitValueCents: integer("unit_value_cents").notNull().default(0),
    /** What Stripe charged (0 for an RSVP). */
    amountCents: integer("amount_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    /**
     * Until when the seats count: a ticket held at Checkout against capacity and its address, a
     * pending RSVP against its address, a confirmed RSVP against its address until the event starts.
     */
    holdExpiresAt: text("hold_expires_at"),
    /** SHA-256 of the address (its /64 for IPv6) that asked, for the per-address seat cap (decision 046). */
    holder: text("holder"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    confirmedAt: text("confirmed_at"),
    /** The campaign and referring site of the visit it came from (decision 056), for reports only. */
    attribution: text("attribution", { mode: "json" }).$type<Attribution>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("event_registrations_event_idx").on(table.eventSlug, table.status),
    index("event_registrations_email_idx").on(table.eventSlug, table.email),
    index("event_registrations_holder_idx").on(table.holder, table.holdExpiresAt),
    // The ticket payments whose refunds the back office totals (decision 057).
    index("event_registrations_payment_idx").on(table.kind, table.stripePaymentIntentId),
    // The confirmed registrations of a period, for the totals per campaign (/admin/campaigns, decision 070).
    index("event_registrations_confirmed_created_idx").on(table.status, table.createdAt),
    // The confirmed tickets /admin/registrations totals: without it SQLite read every confirmed
    // RSVP of ten years through the index above to find them (decision 057).
    index("event_registrations_ticket_totals_idx").on(table.kind, table.status, table.eventSlug),
    // Seats taken and held per event (`seatsTakenByEvent`), read from the index alone, without a
    // row read per registration (decision 057).
    index("event_registrations_seats_idx").on(
      table.eventSlug,
      table.status,
      table.holdExpiresAt,
      table.quantity,
      table.id,
    ),
  ],
);

/**
 * A volunteer shift of a role (the `role` content entry's slug, decision 055): when (UTC, entered
 * in New York time), where, how many places, and the clearances it needs. A weekly series shares
 * `seriesId`, so a volunteer signs up for all its shifts at once.
 */
export const volunteerShifts = sqliteTable(
  "volunteer_shifts",
  {
    id: text("id").primaryKey(),
    roleSlug: text("role_slug").notNull(),
    seriesId: text("series_id"),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    place: text("place").notNull(),
    capacity: integer("capacity").notNull(),
    requiredClearances: text("required_clearances", { mode: "json" })
      .notNull()
      .$type<(typeof CLEARANCE_KINDS)[number][]>(),
    status: text("status", { enum: SHIFT_STATUSES }).notNull().default("scheduled"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("volunteer_shifts_role_idx").on(table.roleSlug, table.startsAt),
    index("volunteer_shifts_start_idx").on(table.startsAt),
    index("volunteer_shifts_series_idx").on(table.seriesId, table.startsAt),
  ],
);

/**
 * An accepted volunteer: made from a volunteer or mentoring application when staff accept it
 * (decision 055). One person, one row: the e-mail is unique, and `userId` links the account
 * whose verified e-mail it is (decision 013). A volunteer under 18 signs up only once a
 * guardian has consented through the link mailed to `guardianEmail`.
 */
export const volunteers = sqliteTable(
  "volunteers",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    phone: text("phone"),
    locale: text("locale").notNull(),
    submissionId: text("submission_id").references(() => submissions.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The age the application gave; under 18 needs a guardian's consent. */
    age: integer("age"),
    guardianEmail: text("guardian_email"),
    guardianConsentAt: text("guardian_consent_at"),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    /** The spreadsheet import that created it, so the import can be undone (decision 069). */
    importId: text("import_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("volunteers_user_idx").on(table.userId),
    // The admin list, newest first (`volunteerList`): without it, every volunteer sorted per page
    // (decision 057).
    index("volunteers_newest_idx").on(table.createdAt),
    index("volunteers_import_idx")
      .on(table.importId)
      .where(sql`import_id IS NOT NULL`),
  ],
);

/**
 * A volunteer's place on a shift (decision 055): taken or waitlisted in one conditional
 * statement, so racing sign-ups never overfill it. One row per shift and volunteer; cancelling
 * and signing up again reuses it. Check-in and check-out are when staff marked them.
 */
export const volunteerSignups = sqliteTable(
  "volunteer_signups",
  {
    id: text("id").primaryKey(),
    shiftId: text("shift_id")
      .notNull()
      .references(() => volunteerShifts.id, { onDelete: "cascade" }),
    volunteerId: text("volunteer_id")
      .notNull()
      .references(() => volunteers.id, { onDelete: "cascade" }),
    status: text("status", { enum: SIGNUP_STATUSES }).notNull(),
    checkedInAt: text("checked_in_at"),
    checkedOutAt: text("checked_out_at"),
    /** When the day-before reminder was queued; set once, so a reminder goes once per sign-up. */
    remindedAt: text("reminded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("volunteer_signups_shift_volunteer_idx").on(table.shiftId, table.volunteerId),
    index("volunteer_signups_shift_idx").on(table.shiftId, table.status, table.updatedAt),
    index("volunteer_signups_volunteer_idx").on(table.volunteerId, table.status),
  ],
);

/** A volunteer's clearance (decision 055): one row per kind, the latest date and expiry. */
export const volunteerClearances = sqliteTable(
  "volunteer_clearances",
  {
    volunteerId: text("volunteer_id")
      .notNull()
      .references(() => volunteers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CLEARANCE_KINDS }).notNull(),
    /** New York dates, yyyy-mm-dd; no expiry for a clearance that does not lapse. */
    clearedOn: text("cleared_on").notNull(),
    expiresOn: text("expires_on"),
    /** The expiry the ahead-of-expiry notice was sent for (decision 055); a renewal's new date is noticed again. */
    expiryNoticeFor: text("expiry_notice_for"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.volunteerId, table.kind] }),
    index("volunteer_clearances_expiry_idx").on(table.expiresOn),
  ],
);

/**
 * A session of a program (decision 054): when and where it meets, who it is for, how many places.
 * Places taken are counted from `enrolments` in the one statement that takes one.
 */
export const programSessions = sqliteTable(
  "program_sessions",
  {
    id: text("id").primaryKey(),
    program: text("program", { enum: PROGRAMS }).notNull(),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull(),
    /** What families read on the program pages, in each language. */
    descriptionEn: text("description_en").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    /** The program year it belongs to, for example "2026-27" (consents are re-confirmed per year). */
    term: text("term").notNull(),
    /** ISO weekdays it meets (1 = Monday), comma-separated, and its New York wall-clock times. */
    weekdays: text("weekdays").notNull(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    /** yyyy-mm-dd, New York. */
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    /**
     * Where it meets, in English and Spanish. A session saved before both languages has only
     * `location`; its readers in Spanish see that until staff add `location_es`.
     */
    location: text("location").notNull(),
    locationEs: text("location_es").notNull().default(""),
    minAge: integer("min_age").notNull(),
    maxAge: integer("max_age").notNull(),
    /** Grades 0 (kindergarten) to 12. */
    minGrade: integer("min_grade").notNull(),
    maxGrade: integer("max_grade").notNull(),
    capacity: integer("capacity").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    scholarship: integer("scholarship", { mode: "boolean" }).notNull().default(false),
    /** Places are held "pending" until staff approve or decline. */
    needsApproval: integer("needs_approval", { mode: "boolean" }).notNull().default(false),
    offerHours: integer("offer_hours").notNull().default(DEFAULT_OFFER_HOURS),
    /** Days after the session ends that its children's health records are kept. */
    healthRetentionDays: integer("health_retention_days").notNull().default(90),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("program_sessions_program_idx").on(table.program, table.status, table.startDate),
    // The staff's sessions list, a program year at a time, and its links to the years beside it (decision 057).
    index("program_sessions_term_idx").on(table.term, table.startDate),
  ],
);

/** A child of a guardian's verified account; health details are apart, encrypted (childHealthRecords). */
export const children = sqliteTable(
  "children",
  {
    id: text("id").primaryKey(),
    guardianId: text("guardian_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** yyyy-mm-dd. */
    birthDate: text("birth_date").notNull(),
    grade: integer("grade").notNull(),
    school: text("school").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("children_guardian_idx").on(table.guardianId)],
);

/**
 * A guardian's consents for a child in one program year (a session's `term`, "2026-27"),
 * confirmed once per year (decision 054): the row is the consent to take part, `photo_consent`
 * the choice about photos. One row per year, so confirming next year early keeps this year's.
 */
export const childConsents = sqliteTable(
  "child_consents",
  {
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    programYear: text("program_year").notNull(),
    photoConsent: integer("photo_consent", { mode: "boolean" }).notNull().default(false),
    confirmedAt: text("confirmed_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [primaryKey({ columns: [table.childId, table.programYear] })],
);

/**
 * A child's health notes, allergies, medications, special needs, emergency contacts and
 * pick-up people, as one AES-GCM ciphertext under the key named by `key_id` (decision 054), so
 * a database export alone reveals none of them. Flags staff scan on a roster are inside too.
 */
export const childHealthRecords = sqliteTable(
  "child_health_records",
  {
    childId: text("child_id")
      .primaryKey()
      .references(() => children.id, { onDelete: "cascade" }),
    keyId: text("key_id").notNull(),
    ciphertext: text("ciphertext").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [index("child_health_records_key_idx").on(table.keyId)],
);

/**
 * A child's place in a session (decision 054). `waitlist_position` orders the waitlist;
 * one live enrolment per child and session.
 */
export const enrolments = sqliteTable(
  "enrolments",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => programSessions.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    status: text("status", { enum: ENROLMENT_STATUSES }).notNull(),
    waitlistPosition: integer("waitlist_position"),
    offeredAt: text("offered_at"),
    offerExpiresAt: text("offer_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("enrolments_live_idx")
      .on(table.sessionId, table.childId)
      .where(sql`status IN ('enrolled', 'pending', 'waitlisted', 'offered')`),
    index("enrolments_session_idx").on(table.sessionId, table.status, table.waitlistPosition),
    index("enrolments_offer_idx").on(table.status, table.offerExpiresAt),
    index("enrolments_child_idx").on(table.childId),
  ],
);

/** One mark per child, session and meeting day (yyyy-mm-dd, New York). */
export const attendanceMarks = sqliteTable(
  "attendance_marks",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => programSessions.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    meetingDate: text("meeting_date").notNull(),
    mark: text("mark", { enum: ATTENDANCE_MARKS }).notNull(),
    markedBy: text("marked_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.meetingDate, table.childId] }),
    // The per-program attendance rate of the sessions list counts marks by session and mark from
    // the index alone, not a table read per mark (decision 057: 58 → 9 ms at ten years' data).
    index("attendance_marks_session_mark_idx").on(table.sessionId, table.mark),
  ],
);

/**
 * The site's content that staff edit (decision 020): one row per event, post, story, job …
 * `fields` holds the type's typed, bilingual fields as JSON, validated by the type's schema
 * (app/lib/content/entry-types.ts) on every write and read; `sort_date` (yyyy-mm-dd) orders lists.
 */
export const contentEntries = sqliteTable(
  "content_entries",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    slug: text("slug").notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    sortDate: text("sort_date").notNull().default(""),
    fields: text("fields", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    /** A published entry shows from this moment (UTC ISO); null: at once (decision 053). */
    publishAt: text("publish_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("content_entries_slug_idx").on(table.type, table.slug),
    index("content_entries_list_idx").on(table.type, table.status, table.sortDate),
    index("content_entries_publish_idx").on(table.status, table.publishAt),
  ],
);

/**
 * Every saved state of a content entry (decision 053): who saved it, when, and the slug, status
 * and fields as saved, numbered 1, 2, 3 … per entry. Restoring a version saves its fields again as
 * a new version. The save keeps the newest `CONTENT_VERSIONS_KEPT` of an entry, and deleting the
 * entry deletes its versions (the audit log keeps what it held).
 */
export const contentVersions = sqliteTable(
  "content_versions",
  {
    id: text("id").primaryKey(),
    entryId: text("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    slug: text("slug").notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull(),
    fields: text("fields", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    /** Null for the state an entry had before versions were kept (the import's or an unknown saver). */
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedByEmail: text("saved_by_email"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("content_versions_entry_idx").on(table.entryId, table.number)],
);

/**
 * Public addresses of entries taken down (unpublished or deleted, decision 053): the page answers
 * 410 Gone with a way to the list, or a 301 to `redirect_to` when staff chose one. Publishing an
 * entry at the address again removes the row.
 */
export const contentGone = sqliteTable(
  "content_gone",
  {
    type: text("type").notNull(),
    slug: text("slug").notNull(),
    /** An on-site path ("/blog/another-post"), or null for 410. */
    redirectTo: text("redirect_to"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.type, table.slug] })],
);
