/** Reports (docs/product.md §3); words in locales/{en,es}/impact.json. Stories are staff-edited content (decision 020). */
type ReportType = "annual" | "financial" | "evaluation" | "audit" | "plan" | "community";

export const REPORTS = [
  { id: "annual2025", type: "annual", date: "2026-03-31", pages: 32 },
  { id: "financial2025", type: "financial", date: "2026-04-30", pages: 18 },
  { id: "audit2025", type: "audit", date: "2026-06-30", pages: 24 },
  { id: "education2025", type: "evaluation", date: "2026-02-27", pages: 20 },
  { id: "community2025", type: "community", date: "2026-01-30", pages: 12 },
  { id: "plan2026", type: "plan", date: "2025-12-15", pages: 16 },
] as const satisfies readonly { id: string; type: ReportType; date: string; pages: number }[];
