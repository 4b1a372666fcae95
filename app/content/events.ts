import { newYorkDate, newYorkTimeToUtc } from "../lib/format";
/** Events (docs/product.md §3); dates and times are New York local time. Words in locales/{en,es}/events.json. */
export type SiteEvent = {
  id: string;
  date: string; // YYYY-MM-DD
  start: string; // HH:MM, 24 h
  end: string;
  venue: "center" | "park" | "gym" | "hall";
  priceCents: number; // 0 is free
  category: "community" | "athletics" | "education" | "volunteer" | "fundraiser";
};

export const EVENTS: SiteEvent[] = [
  {
    id: "launch",
    date: "2025-09-13",
    start: "11:00",
    end: "15:00",
    venue: "park",
    priceCents: 0,
    category: "community",
  },
  {
    id: "stemFair",
    date: "2026-03-14",
    start: "10:00",
    end: "14:00",
    venue: "center",
    priceCents: 0,
    category: "education",
  },
  {
    id: "soccerCup",
    date: "2026-06-20",
    start: "09:00",
    end: "16:00",
    venue: "park",
    priceCents: 0,
    category: "athletics",
  },
  {
    id: "openHouse",
    date: "2026-12-05",
    start: "10:00",
    end: "13:00",
    venue: "center",
    priceCents: 0,
    category: "community",
  },
  {
    id: "volunteerTraining",
    date: "2027-01-23",
    start: "10:00",
    end: "14:00",
    venue: "center",
    priceCents: 0,
    category: "volunteer",
  },
  {
    id: "basketballClinic",
    date: "2027-02-13",
    start: "13:00",
    end: "16:00",
    venue: "gym",
    priceCents: 0,
    category: "athletics",
  },
  {
    id: "gala",
    date: "2027-04-24",
    start: "18:30",
    end: "22:00",
    venue: "hall",
    priceCents: 15_000,
    category: "fundraiser",
  },
];

export const VENUES = {
  center: { street: "125 West 125th Street", locality: "New York", region: "NY", postalCode: "10027" },
  park: {
    street: "Marcus Garvey Park, 18 Mount Morris Park West",
    locality: "New York",
    region: "NY",
    postalCode: "10027",
  },
  gym: {
    street: "2180 Frederick Douglass Boulevard",
    locality: "New York",
    region: "NY",
    postalCode: "10026",
  },
  hall: { street: "2 East 125th Street", locality: "New York", region: "NY", postalCode: "10035" },
} as const;

/** Upcoming (today or later, soonest first) and past (most recent first), by New York's date. */
export function splitEvents(now: Date = new Date()) {
  const today = newYorkDate(now);
  const upcoming = EVENTS.filter((event) => event.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const past = EVENTS.filter((event) => event.date < today).sort((a, b) => b.date.localeCompare(a.date));
  return { upcoming, past };
}

/** ISO 8601 with New York's offset, for schema.org. */
export function newYorkIso(date: string, time: string): string {
  const utc = newYorkTimeToUtc(date, time);
  const offsetMinutes = Math.round((new Date(`${date}T${time}:00Z`).getTime() - utc.getTime()) / 60000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${date}T${time}:00${sign}${hh}:${mm}`;
}
