/** The six programs (docs/product.md §3 Program); words in locales/{en,es}/programs.json under `list.<id>`. */
type ProgramStatus = "launching2025" | "spring2025" | "ongoing" | "yearRound" | "active" | "enrollmentOpen";

export type Program = {
  id: string;
  area: "education" | "athletics" | "mentorship" | "arts";
  path: string;
  status: ProgramStatus;
  ages: { min: number; max: number };
};

export const PROGRAMS: Program[] = [
  {
    id: "tutoring",
    area: "education",
    path: "/education",
    status: "enrollmentOpen",
    ages: { min: 6, max: 18 },
  },
  { id: "stem", area: "education", path: "/education", status: "launching2025", ages: { min: 10, max: 18 } },
  { id: "soccer", area: "athletics", path: "/athletics", status: "spring2025", ages: { min: 6, max: 18 } },
  { id: "basketball", area: "athletics", path: "/athletics", status: "yearRound", ages: { min: 8, max: 18 } },
  { id: "mentoring", area: "mentorship", path: "/mentorship", status: "ongoing", ages: { min: 8, max: 18 } },
  {
    id: "artsLeadership",
    area: "arts",
    path: "/programs",
    status: "launching2025",
    ages: { min: 12, max: 18 },
  },
];

/** Mentoring formats and their figures (docs/product.md §9). */
export const MENTORING_FORMATS = [
  { id: "oneOnOne", minMonths: 12 },
  { id: "group", groupMin: 4, groupMax: 6 },
  { id: "peer", mentorAges: "15-18", menteeAges: "8-14" },
] as const;
