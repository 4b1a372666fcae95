/** History records (docs/product.md §2); words in locales/{en,es}/about.json. The team is in D1 (decision 021). */
export const HISTORY = [
  { id: "idea", year: 2023 },
  { id: "pilot", year: 2024 },
  { id: "incorporation", year: 2024 },
  { id: "launch", year: 2025 },
  { id: "firstSeason", year: 2025 },
  { id: "next", year: 2026 },
] as const;

export const VALUES = ["belief", "consistency", "community", "joy", "accountability"] as const;
