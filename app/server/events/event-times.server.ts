import { LRUCache } from "lru-cache";
import { newYorkIso } from "~/lib/format";

/**
 * A New York wall-clock time as an ISO instant with its offset, worked out once per isolate:
 * finding New York's offset asks Intl for the date's parts in that time zone, which costs far
 * more than the rest of an event's JSON-LD, and /events asks it for every event on every uncached
 * request, while a date and time always give the same answer (decision 058).
 */
const isoTimes = new LRUCache<string, string>({ max: 2_000 });

export function newYorkIsoOnce(date: string, time: string): string {
  const key = `${date}T${time}`;
  let iso = isoTimes.get(key);
  if (iso === undefined) isoTimes.set(key, (iso = newYorkIso(date, time)));
  return iso;
}
