/**
 * The numbers of docs/product.md §9 that pages show, in one place. Words around them live in
 * app/locales; formatting (1,000 vs 1.000, $ placement) happens at the edge of the UI
 * (app/lib/format.ts). Money is integer cents (decision 005).
 */
/** Home hero and impact figures (marketing figures of §9). */
export const HERO_STATS = [
  { id: "youth", value: 250, suffix: "+" },
  { id: "programs", value: 6, suffix: "" },
  { id: "success", value: 98, suffix: "%" },
  { id: "launch", value: 2025, suffix: "", plain: true },
] as const;

/** The animated counters of the home stats section: 20 steps, one every 40 ms, once. */
export const COUNTERS = [
  { id: "youth", value: 150, suffix: "+" },
  { id: "hours", value: 5000, suffix: "+" },
  { id: "graduation", value: 95, suffix: "%" },
] as const;
export const COUNTER_STEPS = 20;
export const COUNTER_STEP_MS = 40;
export const COUNTER_THRESHOLD = 0.3;

export const HOME_IMPACT = [
  { id: "youth", value: 250, suffix: "+" },
  { id: "success", value: 95, suffix: "%" },
  { id: "scholarships", value: 10, suffix: "+" },
  { id: "active", value: 2025, suffix: "", plain: true },
] as const;

export const HERO_ROTATION_MS = 4000;
export const TESTIMONIAL_ROTATION_MS = 5000;

/** Year-1 targets (§9). */
export const YEAR_ONE = {
  youth: 250,
  students: 150,
  athletes: 100,
  mentorPairs: 50,
  activePairs: 100,
  matchSuccess: 90,
  academicImprovement: 85,
  graduation: 95,
  budgetCents: 50_000_000,
  interviews: 200,
} as const;

/**
 * The fundraising campaign the goal bar counts (§9: a $50,000 goal), the one place its amount,
 * period and label live. Money in cents (decision 005); the period is New York calendar time,
 * start inclusive and end exclusive, as UTC instants. What counts is decided in decision 017.
 */
export const FUNDRAISING_CAMPAIGN = {
  label: "2026",
  goalCents: 5_000_000,
  startsAt: "2026-01-01T05:00:00.000Z",
  endsAt: "2027-01-01T05:00:00.000Z",
} as const satisfies FundraisingCampaign;

export type FundraisingCampaign = { label: string; goalCents: number; startsAt: string; endsAt: string };

/** Use of funds (§9): shares of every dollar, in percent. */
export const USE_OF_FUNDS = [
  { id: "programs", percent: 85 },
  { id: "operations", percent: 10 },
  { id: "fundraising", percent: 5 },
] as const;

/** §9: monthly giving is claimed to have 20% greater impact. */
export const MONTHLY_IMPACT_PERCENT = 20;

/** Partnership levels and their smallest yearly amounts (§9). */
export const PARTNERSHIP_LEVELS = [
  { id: "champion", minimumCents: 10_000_000 },
  { id: "advocate", minimumCents: 5_000_000 },
  { id: "supporter", minimumCents: 2_500_000 },
  { id: "friend", minimumCents: 1_000_000 },
] as const;

/** Gift tiles of the home page's call to action; their words are keyed by whole dollars. */
export const HOME_GIFT_TILES_CENTS = [5_000, 25_000, 100_000] as const;

/** Donation impact examples of the give page (§9); their words are keyed by whole dollars. */
export const GIFT_EXAMPLES_CENTS = [2_500, 5_000, 10_000, 25_000, 50_000, 100_000] as const;

/** The amount a "Give" link on the give page preselects on /donate. */
export const GIVE_LINK_AMOUNT_CENTS = 5_000;

export const AGES = { min: 6, max: 18 } as const;
