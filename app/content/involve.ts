/**
 * Volunteer steps and partnership records (docs/product.md §3, §9); words in locales/{en,es}/involve.json.
 * Jobs, volunteer roles and partner prospects are staff-edited content (decisions 020, 029).
 */
export const VOLUNTEER_STEPS = ["application", "backgroundCheck", "interview", "training", "start"] as const;

export const PARTNER_STEPS = ["inquiry", "discovery", "proposal", "agreement", "launch"] as const;

/** Ways to give; `infoOption` is the giving-info form's option a "Request information" prefills. */
export const WAYS_TO_GIVE = [
  { id: "oneTime", minimumCents: 1_000 },
  { id: "monthly", minimumCents: 1_000 },
  { id: "sponsor", minimumCents: 100_000, infoOption: "sponsorship" },
  { id: "matching", minimumCents: 0, infoOption: "corporateMatching" },
  { id: "planned", minimumCents: 0, infoOption: "plannedGiving" },
  { id: "inKind", minimumCents: 0 },
] as const;

export const GIVING_LEVELS = ["supporter", "advocate", "champion", "guardian", "catalyst"] as const;
