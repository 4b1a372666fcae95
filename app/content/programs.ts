import type { ProgramBadgeKind, ProgramId } from "~/lib/vocabulary";

/**
 * The six programs (docs/product.md §3 Program): area, page and ages; words in
 * locales/{en,es}/programs.json under `list.<id>`. Each program's badge is staff-edited content,
 * a `program` entry keyed by the program's id (decision 029).
 */
export type Program = {
  id: ProgramId;
  area: "education" | "athletics" | "mentorship" | "arts";
  path: string;
  ages: { min: number; max: number };
};

/** What a program's badge is computed from: the staff's choice and, for a launch, its day. */
export type ProgramBadge = { badge: ProgramBadgeKind; startsOn: string };
/** The badges of the programs, by id, as the pages' loaders read them; a program without one shows none. */
export type ProgramBadges = Partial<Record<Program["id"], ProgramBadge>>;

export const PROGRAMS: Program[] = [
  { id: "tutoring", area: "education", path: "/education", ages: { min: 6, max: 18 } },
  { id: "stem", area: "education", path: "/education", ages: { min: 10, max: 18 } },
  { id: "soccer", area: "athletics", path: "/athletics", ages: { min: 6, max: 18 } },
  { id: "basketball", area: "athletics", path: "/athletics", ages: { min: 8, max: 18 } },
  { id: "mentoring", area: "mentorship", path: "/mentorship", ages: { min: 8, max: 18 } },
  { id: "artsLeadership", area: "arts", path: "/programs", ages: { min: 12, max: 18 } },
];

/** Mentoring formats and their figures (docs/product.md §9). */
export const MENTORING_FORMATS = [
  { id: "oneOnOne", minMonths: 12 },
  { id: "group", groupMin: 4, groupMax: 6 },
  { id: "peer", mentorAges: "15-18", menteeAges: "8-14" },
] as const;

/**
 * A program's badge as words and numbers, relative to `today` (YYYY-MM-DD in New York), so no
 * badge names a year that has passed: a launch date once reached reads "Active", and a spring
 * season names the next spring (March to May) or says it is under way.
 */
export function programBadge(badge: ProgramBadge, today: string): { key: string; year?: number } {
  if (badge.badge === "launching") {
    return badge.startsOn && today < badge.startsOn
      ? { key: "launching", year: Number(badge.startsOn.slice(0, 4)) }
      : { key: "active" };
  }
  if (badge.badge === "springSeason") {
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    if (month >= 3 && month <= 5) return { key: "springNow", year };
    return { key: "springNext", year: month < 3 ? year : year + 1 };
  }
  return { key: badge.badge };
}
