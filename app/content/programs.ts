/** The six programs (docs/product.md §3 Program); words in locales/{en,es}/programs.json under `list.<id>`. */
type ProgramStatus = "launching" | "springSeason" | "ongoing" | "yearRound" | "active" | "enrollmentOpen";

export type Program = {
  id: string;
  area: "education" | "athletics" | "mentorship" | "arts";
  path: string;
  status: ProgramStatus;
  ages: { min: number; max: number };
  /** For "launching": the New York day it starts; from then on the badge reads "Active". */
  startsOn?: string;
};

export const PROGRAMS: Program[] = [
  {
    id: "tutoring",
    area: "education",
    path: "/education",
    status: "enrollmentOpen",
    ages: { min: 6, max: 18 },
  },
  {
    id: "stem",
    area: "education",
    path: "/education",
    status: "launching",
    startsOn: "2025-09-13",
    ages: { min: 10, max: 18 },
  },
  { id: "soccer", area: "athletics", path: "/athletics", status: "springSeason", ages: { min: 6, max: 18 } },
  { id: "basketball", area: "athletics", path: "/athletics", status: "yearRound", ages: { min: 8, max: 18 } },
  { id: "mentoring", area: "mentorship", path: "/mentorship", status: "ongoing", ages: { min: 8, max: 18 } },
  {
    id: "artsLeadership",
    area: "arts",
    path: "/programs",
    status: "launching",
    startsOn: "2025-09-13",
    ages: { min: 12, max: 18 },
  },
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
export function programBadge(program: Program, today: string): { key: string; year?: number } {
  if (program.status === "launching") {
    return program.startsOn && today < program.startsOn
      ? { key: "launching", year: Number(program.startsOn.slice(0, 4)) }
      : { key: "active" };
  }
  if (program.status === "springSeason") {
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    if (month >= 3 && month <= 5) return { key: "springNow", year };
    return { key: "springNext", year: month < 3 ? year : year + 1 };
  }
  return { key: program.status };
}
