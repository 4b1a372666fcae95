/** Volunteer roles, partnership records and jobs (SPEC.md §3, §9); words in locales/{en,es}/involve.json. */
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

export const PARTNERSHIP_TYPES = ["corporate", "foundation", "community", "school"] as const;

/** Partnership levels and their minimum yearly amounts in dollars (SPEC.md §9). */
export const PARTNERSHIP_LEVELS = [
  { id: "champion", amount: 100_000 },
  { id: "advocate", amount: 50_000 },
  { id: "supporter", amount: 25_000 },
  { id: "friend", amount: 10_000 },
] as const;

export const PARTNER_STEPS = ["inquiry", "discovery", "proposal", "agreement", "launch"] as const;

export type PartnerStatus = "open" | "active" | "priority" | "limited";
export const PROSPECTIVE_PARTNERS = [
  { id: "techCompany", type: "corporate", status: "priority" },
  { id: "sportsLeague", type: "community", status: "open" },
  { id: "library", type: "community", status: "active" },
  { id: "foundation", type: "foundation", status: "open" },
  { id: "university", type: "school", status: "limited" },
  { id: "healthProvider", type: "corporate", status: "open" },
] as const satisfies readonly { id: string; type: string; status: PartnerStatus }[];

export const JOBS = [
  { id: "siteManager", department: "programs", type: "fullTime" },
  { id: "tutorLead", department: "education", type: "partTime" },
  { id: "coach", department: "athletics", type: "seasonal" },
  { id: "development", department: "development", type: "fullTime" },
  { id: "volunteerCoordinator", department: "community", type: "fullTime" },
] as const;

export const WAYS_TO_GIVE = [
  { id: "oneTime", minimum: 10 },
  { id: "monthly", minimum: 10 },
  { id: "sponsor", minimum: 1_000 },
  { id: "matching", minimum: 0 },
  { id: "planned", minimum: 0 },
  { id: "inKind", minimum: 0 },
] as const;

export const GIVING_LEVELS = ["supporter", "advocate", "champion", "guardian", "catalyst"] as const;

/** Donation impact examples of the give page (SPEC.md §9), in dollars. */
export const GIFT_EXAMPLES = [25, 50, 100, 250, 500, 1000] as const;
