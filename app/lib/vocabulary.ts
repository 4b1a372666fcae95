/**
 * The product's fixed words: every status, kind, role and frequency a record can hold. The
 * database schema (app/server/db/schema.ts) stores these; forms, pages and the back office read
 * them from here, so browser code never reaches into server code for a list of values.
 */

export const ROLES = ["ADMIN", "USER"] as const;
export type Role = (typeof ROLES)[number];

export const SUBMISSION_KINDS = [
  "contact",
  "enrollment",
  "education",
  "athletics",
  "mentoring",
  "volunteer",
  "get-involved",
  "fundraising-team",
  "giving-info",
  "partner",
] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_STATUSES = ["new", "in-progress", "done", "spam"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const DONATION_FREQUENCIES = ["one-time", "monthly"] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

export const DONATION_STATUSES = ["pending", "succeeded", "failed", "refunded"] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/** A chargeback: "open" while Stripe holds the money, then "won" or "lost" (decision 017). */
export const DISPUTE_STATUSES = ["open", "won", "lost"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const RECURRING_STATUSES = ["active", "paused", "past_due", "canceled"] as const;

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** An event registration: a free RSVP or a bought ticket (decision 024). */
export const REGISTRATION_KINDS = ["rsvp", "ticket"] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

/**
 * "held" keeps seats for a ticket buyer at Stripe Checkout until the hold expires; "confirmed"
 * is an RSVP or a paid ticket; "released" gave its seats back (expired or failed checkout).
 */
export const REGISTRATION_STATUSES = ["held", "confirmed", "released"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Site content that staff edit (decision 020): a draft, on the site, or taken off it. */
export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
