/** Volunteer roles and partnership records (docs/product.md §3, §9); words in locales/{en,es}/involve.json. Jobs are staff-edited content (decision 020). */
export const VOLUNTEER_ROLES = [
  { id: "tutor", spots: 15, minAge: 18 },
  { id: "coach", spots: 8, minAge: 18 },
  { id: "mentor", spots: 20, minAge: 21 },
  { id: "events", spots: 25, minAge: 18 },
  { id: "admin", spots: 10, minAge: 18 },
  { id: "specialist", spots: 12, minAge: 18 },
  { id: "stem", spots: 10, minAge: 18 },
] as const;

export const VOLUNTEER_STEPS = ["application", "backgroundCheck", "interview", "training", "start"] as const;

/**
 * The kinds of organisation the partner page describes. Not the form's PARTNERSHIP_TYPES
 * (app/lib/forms/public-form-schemas.ts), which are the kinds of partnership a partner proposes and what
 * the database stores.
 */
export const PARTNER_KINDS = ["corporate", "foundation", "community", "school"] as const;

export const PARTNER_STEPS = ["inquiry", "discovery", "proposal", "agreement", "launch"] as const;

type PartnerStatus = "open" | "active" | "priority" | "limited";
export const PROSPECTIVE_PARTNERS = [
  { id: "techCompany", type: "corporate", status: "priority" },
  { id: "sportsLeague", type: "community", status: "open" },
  { id: "library", type: "community", status: "active" },
  { id: "foundation", type: "foundation", status: "open" },
  { id: "university", type: "school", status: "limited" },
  { id: "healthProvider", type: "corporate", status: "open" },
] as const satisfies readonly { id: string; type: string; status: PartnerStatus }[];

export const WAYS_TO_GIVE = [
  { id: "oneTime", minimumCents: 1_000 },
  { id: "monthly", minimumCents: 1_000 },
  { id: "sponsor", minimumCents: 100_000 },
  { id: "matching", minimumCents: 0 },
  { id: "planned", minimumCents: 0 },
  { id: "inKind", minimumCents: 0 },
] as const;

export const GIVING_LEVELS = ["supporter", "advocate", "champion", "guardian", "catalyst"] as const;
