/**
 * The product's fixed words: every status, kind, role and frequency a record can hold. The
 * database schema (app/server/db/schema.ts) stores these; forms, pages and the back office read
 * them from here, so browser code never reaches into server code for a list of values.
 */

/**
 * ADMIN runs everything; STAFF works the inbox, subscribers, newsletters and copy but not users,
 * roles, the outbox or payments (docs/decisions/022-staff-role.md); USER is a visitor's account.
 */
export const ROLES = ["ADMIN", "STAFF", "USER"] as const;
export type Role = (typeof ROLES)[number];

/** Whether a role opens the back office at /admin (ADMIN or STAFF). */
export function isStaffRole(role: Role): boolean {
  return role === "ADMIN" || role === "STAFF";
}

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

/**
 * What a line of a submission's history records (decision 022); "received" is an answer the
 * person e-mailed back to a staff reply (decision 052).
 */
export const SUBMISSION_HISTORY_KINDS = ["note", "reply", "received", "status", "assigned"] as const;
export type SubmissionHistoryKind = (typeof SUBMISSION_HISTORY_KINDS)[number];

/** A newsletter issue: written, on its way in batches, or sent to everyone (decision 022). */
export const NEWSLETTER_STATUSES = ["draft", "sending", "sent"] as const;

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;

export const DONATION_FREQUENCIES = ["one-time", "monthly"] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

/** `voided`: an offline gift staff took back (recorded in error, a bounced cheque); it counts 0. */
export const DONATION_STATUSES = ["pending", "succeeded", "failed", "refunded", "voided"] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/**
 * How a gift was given (decision 056): `online` through Stripe, the others recorded by staff.
 * An `in_kind` gift is goods or services: its amount is 0 (the donor values it, not us).
 */
export const GIFT_METHODS = ["online", "check", "cash", "bank_transfer", "stock", "daf", "in_kind"] as const;
export type GiftMethod = (typeof GIFT_METHODS)[number];
export const OFFLINE_GIFT_METHODS = ["check", "cash", "bank_transfer", "stock", "daf", "in_kind"] as const;

/** Why a gift is also credited to someone who did not pay it (decision 056). */
export const SOFT_CREDIT_KINDS = ["employer_match", "daf_advisor", "team"] as const;
export type SoftCreditKind = (typeof SOFT_CREDIT_KINDS)[number];

/** A pledge's instalments come every this many months. */
export const PLEDGE_INTERVAL_MONTHS = [1, 3, 6, 12] as const;

/**
 * A dispute, by what it does to the money (decisions 017 and 044): an "inquiry" (closed as
 * "inquiry_closed") or a "prevented" dispute withdraws nothing; a chargeback is "open" while
 * Stripe holds the money, then "won" or "lost".
 */
export const DISPUTE_STATUSES = ["inquiry", "inquiry_closed", "prevented", "open", "won", "lost"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** The dispute statuses under which Stripe has taken the gift's money back. */
export const FUNDS_WITHDRAWN_DISPUTE_STATUSES = ["open", "lost"] as const satisfies DisputeStatus[];
/** Whether a payment under this dispute status has had its money taken back (decision 044). */
export function disputeWithdrewFunds(status: string | null | undefined): boolean {
  return FUNDS_WITHDRAWN_DISPUTE_STATUSES.some((withdrawn) => withdrawn === status);
}

export const RECURRING_STATUSES = ["active", "paused", "past_due", "canceled"] as const;

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;

/** Where a team member is listed on /team (decision 021). */
export const TEAM_GROUPS = ["staff", "board"] as const;
export type TeamGroup = (typeof TEAM_GROUPS)[number];

/** The six programs of app/content/programs.ts, which keeps their area, page and ages. */
export const PROGRAM_IDS = [
  "tutoring",
  "stem",
  "soccer",
  "basketball",
  "mentoring",
  "artsLeadership",
] as const;
/**
 * A program's badge as staff set it. "launching" reads "Active" from its start date on, and
 * "springSeason" names the next spring (programBadge, app/content/programs.ts; decision 029).
 */
export const PROGRAM_BADGES = [
  "enrollmentOpen",
  "springSeason",
  "yearRound",
  "ongoing",
  "launching",
  "active",
  "waitlist",
  "full",
] as const;
/** The kinds of organisation the partner page describes; not the partner form's PARTNERSHIP_TYPES (the kinds of partnership proposed). */
export const PARTNER_KINDS = ["corporate", "foundation", "community", "school"] as const;
/** Where a partner prospect on /partner stands. */
export const PROSPECT_STATUSES = ["open", "active", "priority", "limited"] as const;
export type ProgramId = (typeof PROGRAM_IDS)[number];
export type ProgramBadgeKind = (typeof PROGRAM_BADGES)[number];

/** An event registration: a free RSVP or a bought ticket (decision 024). */
export const REGISTRATION_KINDS = ["rsvp", "ticket"] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

/**
 * "held" keeps seats for a ticket buyer at Stripe Checkout until the hold expires; "pending" is
 * an RSVP waiting for its e-mailed link, which takes no seat; "confirmed" is an RSVP whose link
 * was followed or a paid ticket; "released" gave its seats back (expired or failed checkout);
 * "canceled" was cancelled by staff (a paid ticket refunded) (decisions 024 and 046).
 */
export const REGISTRATION_STATUSES = ["held", "pending", "confirmed", "released", "canceled"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The clearances a volunteer role may need (docs/product.md §5, decision 055). */
export const CLEARANCE_KINDS = ["background-check", "training", "first-aid"] as const;
export type ClearanceKind = (typeof CLEARANCE_KINDS)[number];

/** A volunteer's place on a shift: taken, waiting for one, or given up (decision 055). */
export const SIGNUP_STATUSES = ["signed-up", "waitlisted", "cancelled"] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** A shift on the calendar, or called off by staff (its volunteers are told). */
export const SHIFT_STATUSES = ["scheduled", "cancelled"] as const;

/** Site content that staff edit (decision 020): a draft, on the site, or taken off it. */
export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
