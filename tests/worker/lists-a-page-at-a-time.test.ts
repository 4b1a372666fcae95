import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { eventRegistrations, volunteerShifts, volunteerSignups, volunteers } from "~/server/db/schema";
import { registrationsOverview } from "~/server/events/admin.server";
import { bumpContentVersion } from "~/server/kernel/content-version.server";
import { volunteersAdminPage } from "~/server/volunteers/admin.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, shown } from "./fetch";
import { countInvocation } from "./platform-count";

/**
 * /admin/registrations and /admin/volunteers draw a page at a time whatever the years hold
 * (docs/decisions/073-lists-that-page-what-they-draw.md), their figures still every record's.
 */
const db = getDb(env);
let cookie: string;

/** Past events added to the sample's nine: copies of the gala (ticketed), one a day of 2019. */
const PAST_EVENTS = 40;
/** Volunteers added, the oldest first, a minute apart; each has given two hours this year. */
const VOLUNTEERS = 30;

const thisYear = new Date().toISOString().slice(0, 4);

/** The page as staff see it, scripts left out, and the `href` of a link by its exact words. */
async function pageOf(path: string) {
  const response = await fetchPage(path, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  const html = shown(await response.text());
  const link = (name: string) =>
    new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${name}</a>`).exec(html)?.[1]?.replaceAll("&amp;", "&");
  return { html, link };
}

/** The events a registrations page lists, in order, by their links. */
const eventsListed = (html: string) =>
  [...html.matchAll(/href="\/admin\/registrations\/([^"/]+)"/g)].map((match) => match[1]);

const footer = (html: string) => html.slice(html.indexOf("<tfoot>"), html.indexOf("</tfoot>"));

beforeAll(async () => {
  ({ cookie } = await userWithSession("pages-admin@example.org", "ADMIN", "Ada Pages"));
  await env.DB.prepare(
    `insert into content_entries (id, type, slug, status, sort_date, fields, created_at, updated_at)
     select 'old-gala-' || value, 'event', 'old-gala-' || value, 'published', date('2019-01-01', '+' || value || ' days'),
       json_set(entry.fields, '$.date', date('2019-01-01', '+' || value || ' days')), entry.created_at, entry.updated_at
     from content_entries entry, json_each(?) where entry.type = 'event' and entry.slug = 'gala'`,
  )
    .bind(JSON.stringify(Array.from({ length: PAST_EVENTS }, (_, i) => i + 1)))
    .run();
  await bumpContentVersion(env);
  // A ticket sold for the oldest gala, which only the last page lists: the totals count it on every page.
  await db.insert(eventRegistrations).values({
    id: "old-gala-ticket",
    eventSlug: "old-gala-1",
    kind: "ticket",
    status: "confirmed",
    name: "Early Buyer",
    email: "early@example.org",
    locale: "en",
    quantity: 2,
    unitPriceCents: 15_000,
    unitValueCents: 6_000,
    amountCents: 30_000,
    stripePaymentIntentId: "pi_old_gala",
    confirmedAt: "2019-01-01T12:00:00.000Z",
  });
  const shiftStart = `${thisYear}-01-01T15:00:00.000Z`;
  await db.insert(volunteerShifts).values({
    id: "pages-shift",
    roleSlug: "tutor",
    titleEn: "Tutoring",
    titleEs: "Tutoría",
    startsAt: shiftStart,
    endsAt: `${thisYear}-01-01T17:00:00.000Z`,
    place: "Community room",
    capacity: VOLUNTEERS,
    requiredClearances: [],
  });
  const people = Array.from({ length: VOLUNTEERS }, (_, n) => ({
    id: `pages-volunteer-${String(n).padStart(2, "0")}`,
    email: `pages-volunteer-${n}@example.org`,
    name: `Pages Volunteer ${String(n).padStart(2, "0")}`,
    locale: "en",
    createdAt: new Date(Date.parse("2020-01-01T00:00:00Z") + n * 60_000).toISOString(),
  }));
  for (let start = 0; start < people.length; start += 10)
    await db.insert(volunteers).values(people.slice(start, start + 10));
  for (let start = 0; start < people.length; start += 10)
    await db.insert(volunteerSignups).values(
      people.slice(start, start + 10).map((person) => ({
        id: `pages-signup-${person.id}`,
        shiftId: "pages-shift",
        volunteerId: person.id,
        status: "signed-up" as const,
        checkedInAt: shiftStart,
        checkedOutAt: `${thisYear}-01-01T17:00:00.000Z`,
      })),
    );
  // The first request compiles the server build, which on a busy machine outlasts a test's time.
  await fetchPage("/admin/registrations", { headers: { Cookie: cookie } });
}, 180_000);

describe("/admin/registrations, a page of events at a time", () => {
  it("lists the upcoming events first, then the past, 25 a page, with links that need no JavaScript", async () => {
    const first = await pageOf("/admin/registrations");
    const listed = eventsListed(first.html);
    expect(listed).toHaveLength(25);
    // The sample's upcoming events, soonest first, lead (openHouse is in December 2026).
    expect(listed.indexOf("openHouse")).toBeLessThan(listed.indexOf("gala"));
    expect(listed.indexOf("gala")).toBeLessThan(listed.indexOf("old-gala-40"));
    expect(first.html).toContain("Page 1 of 2");
    expect(first.link("Next")).toBe("/admin/registrations?page=2");
    expect(first.link("Previous")).toBeUndefined();

    const second = await pageOf(first.link("Next")!);
    const rest = eventsListed(second.html);
    // Every event once, the past most recent first, the oldest last.
    expect(new Set([...listed, ...rest]).size).toBe(listed.length + rest.length);
    expect(listed.length + rest.length).toBe(PAST_EVENTS + 9);
    expect(rest.slice(-2)).toEqual(["old-gala-2", "old-gala-1"]);
    expect(second.link("Previous")).toBe("/admin/registrations?page=1");
    expect(second.link("Next")).toBeUndefined();
  });

  it("shows every event's ticket totals on every page, the old gala's ticket counted on the first", async () => {
    const rows = await db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.kind, "ticket"), eq(eventRegistrations.status, "confirmed")));
    const revenue = rows.reduce((sum, row) => sum + row.amountCents, 0);
    expect(revenue).toBeGreaterThanOrEqual(30_000);
    const dollars = `$${(revenue / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    const first = await pageOf("/admin/registrations");
    const last = await pageOf("/admin/registrations?page=2");
    expect(footer(first.html)).toContain("Ticket revenue, every event");
    expect(footer(first.html)).toContain(dollars);
    expect(footer(last.html)).toBe(footer(first.html));
    // The old gala's own row, on the last page: two tickets, $300, $120 of it the dinner.
    const row = last.html.slice(last.html.indexOf('href="/admin/registrations/old-gala-1"'));
    expect(row.slice(0, row.indexOf("</tr>"))).toMatch(/\$300\.00.*\$120\.00.*\$180\.00/s);
  });

  it("reads a page out of range or mistyped as the nearest, and says it in Spanish", async () => {
    expect(eventsListed((await pageOf("/admin/registrations?page=99")).html).at(-1)).toBe("old-gala-1");
    expect(eventsListed((await pageOf("/admin/registrations?page=abc")).html)).toEqual(
      eventsListed((await pageOf("/admin/registrations")).html),
    );
    const spanish = await pageOf("/admin/registrations?lng=es");
    expect(spanish.html).toContain("Página 1 de 2");
    expect(spanish.link("Siguiente")).toBe("/admin/registrations?lng=es&page=2");
    expect(footer(spanish.html)).toContain("Ingresos por entradas, todos los eventos");
  });

  it("asks D1 the same few queries for the last page as for the first", async () => {
    const counts = [];
    for (const page of ["1", "2"]) {
      const { count } = await countInvocation((counted) =>
        registrationsOverview(counted, new URL(`https://example.org/admin/registrations?page=${page}`)),
      );
      counts.push(count.d1Queries);
      expect(count.maxBoundParameters).toBeLessThanOrEqual(2);
    }
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(4);
  });
});

describe("/admin/volunteers, a page of volunteers at a time", () => {
  it("lists the newest 25 with their hours, the rest behind Older, and counts them all", async () => {
    const total = await db.$count(volunteers);
    const first = await pageOf("/admin/volunteers");
    const section = (html: string) =>
      html.slice(html.indexOf('id="volunteers-title"'), html.indexOf('id="expiring-title"'));
    const names = (html: string) => [...section(html).matchAll(/>(Pages Volunteer \d\d)</g)].map((m) => m[1]);
    expect(names(first.html)).toHaveLength(25);
    expect(names(first.html)[0]).toBe("Pages Volunteer 29");
    expect(section(first.html)).toContain(`${total} results`);
    const older = first.link("Older");
    expect(older).toMatch(
      /^\/admin\/volunteers\?older=2020-01-01T00%3A0\d%3A00\.000Z_pages-volunteer-\d\d#volunteers-title$/,
    );

    const next = await pageOf(older!);
    expect(names(next.html).at(-1)).toBe("Pages Volunteer 00");
    expect(new Set([...names(first.html), ...names(next.html)]).size).toBe(VOLUNTEERS);
    // The oldest's two hours, summed for the listed volunteers only.
    const row = section(next.html).slice(section(next.html).indexOf(">Pages Volunteer 00<"));
    expect(row.slice(0, row.indexOf("</tr>"))).toMatch(/>2<\/td>/);
    expect(next.link("Newest")).toBe("/admin/volunteers#volunteers-title");
  });

  it("shows the period's hours in all and a page of its volunteers, the rest on the next", async () => {
    const period = `from=${thisYear}-01-01&to=${thisYear}-12-31`;
    const first = await pageOf(`/admin/volunteers?${period}`);
    const hours = (html: string) => html.slice(html.indexOf('id="hours-title"'));
    const names = (html: string) => [...hours(html).matchAll(/>(Pages Volunteer \d\d)</g)].map((m) => m[1]);
    expect(hours(first.html)).toContain(`${VOLUNTEERS * 2} hours in all`);
    expect(names(first.html)).toHaveLength(25);
    expect(first.link("Next")).toBe(`/admin/volunteers?${period}&hoursPage=2#hours-title`);
    const second = await pageOf(first.link("Next")!);
    expect(hours(second.html)).toContain(`${VOLUNTEERS * 2} hours in all`);
    expect(new Set([...names(first.html), ...names(second.html)]).size).toBe(VOLUNTEERS);
  });

  it("asks D1 the same queries for an older page as for the newest", async () => {
    const counts = [];
    for (const query of ["", "?oldest=1", "?older=2020-01-01T00%3A10%3A00.000Z_pages-volunteer-10"]) {
      const { count } = await countInvocation((counted) =>
        volunteersAdminPage(counted, new URL(`https://example.org/admin/volunteers${query}`), "en"),
      );
      counts.push(count.d1Queries);
    }
    expect(new Set(counts).size).toBe(1);
  });
});
