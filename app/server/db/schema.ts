import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  CONTENT_STATUSES,
  DISPUTE_STATUSES,
  DONATION_FREQUENCIES,
  DONATION_STATUSES,
  NEWSLETTER_STATUSES,
  OUTBOX_STATUSES,
  RECURRING_STATUSES,
  REGISTRATION_KINDS,
  REGISTRATION_STATUSES,
  ROLES,
  SUBMISSION_HISTORY_KINDS,
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  SUBSCRIBER_STATUSES,
} from "../../lib/vocabulary";

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
    /** Notes from before the history table; new notes are rows of `submission_history`. */
    notes: text("notes").notNull().default(""),
    /** The staff member working it (decision 022); null while nobody has taken it. */
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** A double click or a resend carries the same key and makes no second row. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("submissions_kind_status_idx").on(table.kind, table.status, table.createdAt),
    index("submissions_email_idx").on(table.email),
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

export const subscribers = sqliteTable("subscribers", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  locale: text("locale").notNull(),
  status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
  source: text("source").notNull().default("footer"),
  confirmTokenHash: text("confirm_token_hash"),
  createdAt: createdAt(),
  confirmedAt: text("confirmed_at"),
  unsubscribedAt: text("unsubscribed_at"),
});

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
  stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
  status: text("status", { enum: ["open", "completed", "expired", "failed"] })
    .notNull()
    .default("open"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("donations_email_idx").on(table.donorEmail),
    index("donations_paid_idx").on(table.status, table.paidAt),
    index("donations_payment_intent_idx").on(table.stripePaymentIntentId),
    index("donations_charge_idx").on(table.stripeChargeId),
  ],
);

/** A monthly gift: the Stripe subscription and what the donor can change without a password. */
export const recurringGifts = sqliteTable("recurring_gifts", {
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
});

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
  (table) => [index("outbox_due_idx").on(table.status, table.nextAttemptAt)],
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
  // The log's filters: by author (and a STAFF member's own rows) and by kind, newest first (decision 052).
  (table) => [
    index("audit_log_created_idx").on(table.createdAt),
    index("audit_log_user_idx").on(table.userId, table.createdAt),
    index("audit_log_target_idx").on(table.targetType, table.createdAt),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("event_registrations_event_idx").on(table.eventSlug, table.status),
    index("event_registrations_email_idx").on(table.eventSlug, table.email),
    index("event_registrations_holder_idx").on(table.holder, table.holdExpiresAt),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("content_entries_slug_idx").on(table.type, table.slug),
    index("content_entries_list_idx").on(table.type, table.status, table.sortDate),
  ],
);
