/** Team and history records (docs/product.md §2); names and words in locales/{en,es}/about.json. */
export const TEAM = [
  { id: "director", initials: "AM", group: "staff" },
  { id: "programs", initials: "DR", group: "staff" },
  { id: "education", initials: "KO", group: "staff" },
  { id: "athletics", initials: "LS", group: "staff" },
  { id: "mentoring", initials: "PN", group: "staff" },
  { id: "chair", initials: "HW", group: "board" },
  { id: "treasurer", initials: "CB", group: "board" },
  { id: "secretary", initials: "YT", group: "board" },
] as const;

export const HISTORY = [
  { id: "idea", year: 2023 },
  { id: "pilot", year: 2024 },
  { id: "incorporation", year: 2024 },
  { id: "launch", year: 2025 },
  { id: "firstSeason", year: 2025 },
  { id: "next", year: 2026 },
] as const;

export const VALUES = ["belief", "consistency", "community", "joy", "accountability"] as const;
