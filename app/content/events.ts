/** Events (SPEC.md §3); dates and times are New York local time. Words in locales/{en,es}/events.json. */
export type SiteEvent = {
  id: string;
  date: string; // YYYY-MM-DD
  start: string; // HH:MM, 24 h
  end: string;
  venue: "center" | "park" | "gym" | "hall";
  price: number; // dollars; 0 is free
  category: "community" | "athletics" | "education" | "volunteer" | "fundraiser";
};

export const EVENTS: SiteEvent[] = [
  {
    id: "launch",
    date: "2025-09-13",
    start: "11:00",
    end: "15:00",
    venue: "park",
    price: 0,
    category: "community",
  },
  {
    id: "stemFair",
    date: "2026-03-14",
    start: "10:00",
    end: "14:00",
    venue: "center",
    price: 0,
    category: "education",
  },
  {
    id: "soccerCup",
    date: "2026-06-20",
    start: "09:00",
    end: "16:00",
    venue: "park",
    price: 0,
    category: "athletics",
  },
  {
    id: "openHouse",
    date: "2026-12-05",
    start: "10:00",
    end: "13:00",
    venue: "center",
    price: 0,
    category: "community",
  },
  {
    id: "volunteerTraining",
    date: "2027-01-23",
    start: "10:00",
    end: "14:00",
    venue: "center",
    price: 0,
    category: "volunteer",
  },
  {
    id: "basketballClinic",
    date: "2027-02-13",
    start: "13:00",
    end: "16:00",
    venue: "gym",
    price: 0,
    category: "athletics",
  },
  {
    id: "gala",
    date: "2027-04-24",
    start: "18:30",
    end: "22:00",
    venue: "hall",
    price: 150,
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

export const EVENT_TIME_ZONE = "America/New_York";

/** Today's date in New York, as YYYY-MM-DD. */
export function todayInNewYork(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: EVENT_TIME_ZONE, dateStyle: "short" }).format(now);
}

/** Upcoming (today or later, soonest first) and past (most recent first), by New York's date. */
export function splitEvents(now: Date = new Date()) {
  const today = todayInNewYork(now);
  const upcoming = EVENTS.filter((event) => event.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const past = EVENTS.filter((event) => event.date < today).sort((a, b) => b.date.localeCompare(a.date));
  return { upcoming, past };
}

/** A New York wall-clock time as a UTC Date (handles daylight saving time). */
export function newYorkToUtc(date: string, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: EVENT_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(guess);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asNewYork = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return new Date(guess.getTime() - (asNewYork - guess.getTime()));
}

/** ISO 8601 with New York's offset, for schema.org. */
export function newYorkIso(date: string, time: string): string {
  const utc = newYorkToUtc(date, time);
  const offsetMinutes = Math.round((new Date(`${date}T${time}:00Z`).getTime() - utc.getTime()) / 60000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${date}T${time}:00${sign}${hh}:${mm}`;
}
