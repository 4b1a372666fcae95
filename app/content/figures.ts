/**
 * The numbers of docs/product.md §9 that pages show, in one place. Words around them live in
 * app/locales; formatting (1,000 vs 1.000, $ placement) happens at the edge of the UI
 * (app/lib/format.ts). Money is integer cents (decision 005).
 */
import { calculateImpact } from "./impact-calculator";
import type { OrganizationFields } from "~/lib/content/entry-types";
import { newYorkDate, newYorkTimeToUtc } from "~/lib/format";

/**
 * Home hero and impact figures (marketing figures of §9); each label says what it counts. The
 * founding year ("launch", "active") is the organisation's fact in D1 (decision 028), added by the page.
 */
export const HERO_STATS = [
  { id: "youth", value: 250, suffix: "+" },
  { id: "programs", value: 6, suffix: "" },
  { id: "success", value: 98, suffix: "%" },
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
 * The fundraising campaign the goal bar counts: money in cents (decision 005); the period as UTC
 * instants, start inclusive and end exclusive. What counts is decided in decision 017.
 */
export type FundraisingCampaign = { goalCents: number; startsAt: string; endsAt: string };

/**
 * The campaign of the organisation's facts (decision 028): staff type its first and last days in
 * New York; it runs from the first day's midnight to the midnight after the last day.
 */
export function fundraisingCampaign(
  facts: Pick<OrganizationFields, "goalCents" | "campaignStart" | "campaignEnd">,
): FundraisingCampaign {
  const dayAfterEnd = new Date(Date.parse(`${facts.campaignEnd}T12:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    goalCents: facts.goalCents,
    startsAt: newYorkTimeToUtc(facts.campaignStart).toISOString(),
    endsAt: newYorkTimeToUtc(dayAfterEnd).toISOString(),
  };
}

/**
 * The campaign's year, computed from its period (the New York year it starts in), so copy says
 * "our 2026 goal" by interpolation and never names a year of its own.
 */
export function campaignYear(campaign: FundraisingCampaign): number {
  return Number(newYorkDate(new Date(campaign.startsAt)).slice(0, 4));
}

/** Whether the campaign period is over at `now` (copy then speaks of it in the past). */
export function campaignEnded(campaign: FundraisingCampaign, now = new Date()): boolean {
  return now.getTime() >= Date.parse(campaign.endsAt);
}

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

/**
 * What a gift of `cents` does, from the impact calculator's costs (app/content/impact-calculator.ts):
 * the numbers every "what your gift can do" text interpolates, so home, /give, /donate and the
 * calculator cannot disagree (a one-time gift; 85% goes to programs).
 */
export function giftImpact(cents: number): { hours: number; months: number; seasons: number } {
  const result = calculateImpact(cents / 100, "one-time");
  return { hours: result.tutoringHours, months: result.mentoringMonths, seasons: result.athleticsSeasons };
}

/** Gift tiles of the home page's call to action; their words are keyed by whole dollars. */
export const HOME_GIFT_TILES_CENTS = [5_000, 25_000, 100_000] as const;

/**
 * A link into /donate that preselects a gift (the home tiles, /give, the calculator); the link
 * carries whole dollars (see preselectFromSearch in app/lib/donation.ts).
 */
export function donateHref(cents: number, frequency: "one-time" | "monthly" = "one-time"): string {
  return `/donate?amount=${cents / 100}&frequency=${frequency}`;
}

/** Donation impact examples of the give page (§9); their words are keyed by whole dollars. */
export const GIFT_EXAMPLES_CENTS = [2_500, 5_000, 10_000, 25_000, 50_000, 100_000] as const;

/** The amount a "Give" link on the give page preselects on /donate. */
export const GIVE_LINK_AMOUNT_CENTS = 5_000;

export const AGES = { min: 6, max: 18 } as const;

/**
 * Who may apply to mentoring (docs/product.md §9): mentees 6-18; adult mentors 21 or older; peer
 * mentors 15-18, who mentor younger peers (8-14). The page copy, the form's schema and its
 * messages all read these numbers.
 */
export const MENTORING_AGES = {
  mentee: { min: 6, max: 18 },
  adultMentor: { min: 21 },
  peerMentor: { min: 15, max: 18 },
  peerMentee: { min: 8, max: 14 },
} as const;

/** Whether `age` may apply as a mentor (an adult mentor or a peer mentor) or as a mentee. */
export function mentoringAgeAllowed(role: "mentor" | "mentee" | string, age: number): boolean {
  const { mentee, adultMentor, peerMentor } = MENTORING_AGES;
  if (role === "mentor") return age >= adultMentor.min || (age >= peerMentor.min && age <= peerMentor.max);
  return age >= mentee.min && age <= mentee.max;
}

/**
 * The youngest a volunteer may apply: a peer mentor's age (docs/product.md §9). Under 18 a
 * parent's or guardian's consent comes before the first shift (decision 055).
 */
export const VOLUNTEER_AGES = { min: MENTORING_AGES.peerMentor.min, max: 99 } as const;

/** The numbers the mentoring age rule's words interpolate (hint, message, page copy). */
export const MENTORING_AGE_WORDS = {
  menteeMin: MENTORING_AGES.mentee.min,
  menteeMax: MENTORING_AGES.mentee.max,
  adultMin: MENTORING_AGES.adultMentor.min,
  peerMin: MENTORING_AGES.peerMentor.min,
  peerMax: MENTORING_AGES.peerMentor.max,
  peerMenteeMin: MENTORING_AGES.peerMentee.min,
  peerMenteeMax: MENTORING_AGES.peerMentee.max,
} as const;
