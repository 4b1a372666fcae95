import { newYorkDate, newYorkTimeToUtc } from "~/lib/format";

/** Start of this month and this year in New York, as UTC ISO strings. */
export function periodStarts(now = new Date()) {
  const [year, month] = newYorkDate(now).split("-");
  return {
    month: newYorkTimeToUtc(`${year}-${month}-01`).toISOString(),
    year: newYorkTimeToUtc(`${year}-01-01`).toISOString(),
  };
}
