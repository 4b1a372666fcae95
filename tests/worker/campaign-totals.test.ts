import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { campaignTotals } from "~/server/campaigns.server";
import { getDb } from "~/server/db/client.server";
import {
  auditLog,
  donationAttempts,
  donations,
  eventRegistrations,
  recurringGifts,
  submissions,
  subscribers,
} from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { fetchPage } from "./fetch";
import { countInvocation } from "./platform-count";

/**
 * Totals per campaign for a period (/admin/campaigns, decision 056): every way in counted by the
 * campaign and source of the visit, New York days at their edges, gifts by the ledger's one rule.
 */
const db = getDb(env);
const SPRING = { utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring" };
const REFERRED = { referrer: "news.example" };
const MARCH = { from: "2026-03-01", to: "2026-03-31" };

let admin: Awaited<ReturnType<typeof userWithSession>>;
let staff: Awaited<ReturnType<typeof userWithSession>>;
let n = 0;

const submission = (createdAt: string, attribution: object | null) => ({
  id: `form-${++n}`,
  kind: "contact" as const,
  locale: "en",
  name: "Rosa",
  email: `rosa${n}@example.com`,
  payload: {},
  idempotencyKey: `form-${n}`,
  attribution,
  createdAt,
});
const registration = (
  kind: "rsvp" | "ticket",
  status: "confirmed" | "pending",
  quantity: number,
  attribution: object | null,
) => ({
  id: `registration-${++n}`,
  eventSlug: "spring-gala",
  kind,
  status,
  name: "Rita",
  email: `rita${n}@example.com`,
  locale: "en",
  quantity,
  attribution,
  createdAt: "2026-03-10T15:00:00.000Z",
});
const gift = (fields: Partial<typeof donations.$inferInsert>) => ({
  id: `gift-${++n}`,
  frequency: "one-time" as const,
  amountCents: 2_500,
  status: "succeeded" as const,
  donorName: "Dana",
  donorEmail: "dana@example.com",
  locale: "en",
  paidAt: "2026-03-15T16:00:00.000Z",
  ...fields,
});

beforeAll(async () => {
  admin = await userWithSession("ada@example.org", "ADMIN", "Ada Admin");
  staff = await userWithSession("sam@example.org", "STAFF", "Sam Staff");
  await db.insert(submissions).values([
    // New York's midnight at both ends of March: 05:00Z in EST, 04:00Z once daylight time began on 8 March.
    submission("2026-03-01T05:00:00.000Z", SPRING),
    submission("2026-04-01T03:59:59.000Z", SPRING),
    submission("2026-03-01T04:59:59.000Z", SPRING), // 28 February, 23:59 in New York
    submission("2026-04-01T04:00:00.000Z", SPRING), // 1 April
    submission("2026-03-20T12:00:00.000Z", REFERRED),
    submission("2026-03-20T12:00:00.000Z", null),
  ]);
  await db
    .insert(eventRegistrations)
    .values([
      registration("rsvp", "confirmed", 3, SPRING),
      registration("ticket", "confirmed", 2, SPRING),
      registration("rsvp", "pending", 4, SPRING),
    ]);
  await db.insert(subscribers).values([
    {
      id: "sub-1",
      email: "a@example.com",
      locale: "en",
      status: "confirmed",
      attribution: SPRING,
      createdAt: "2026-03-05T12:00:00.000Z",
      confirmedAt: "2026-03-05T12:05:00.000Z",
    },
    {
      id: "sub-2",
      email: "b@example.com",
      locale: "en",
      status: "pending",
      attribution: SPRING,
      createdAt: "2026-03-05T12:00:00.000Z",
    },
    {
      id: "sub-3",
      email: "c@example.com",
      locale: "es",
      status: "unsubscribed",
      attribution: REFERRED,
      createdAt: "2026-03-06T12:00:00.000Z",
      confirmedAt: "2026-03-06T12:05:00.000Z",
    },
  ]);
  await db.insert(donationAttempts).values({
    id: "attempt-spring",
    frequency: "monthly",
    amountCents: 2_500,
    firstName: "Dana",
    lastName: "Donor",
    email: "dana@example.com",
    locale: "en",
    attribution: SPRING,
  });
  await db.insert(recurringGifts).values({
    id: "monthly-1",
    stripeSubscriptionId: "sub_spring",
    stripeCustomerId: "cus_spring",
    amountCents: 2_500,
    status: "active",
    donorName: "Dana",
    donorEmail: "dana@example.com",
    locale: "en",
  });
  await db.insert(donations).values([
    gift({ attemptId: "attempt-spring", recurringGiftId: "monthly-1", frequency: "monthly" }),
    // A renewal carries no attempt of its own: it counts for the campaign its first payment came from.
    gift({ recurringGiftId: "monthly-1", frequency: "monthly", paidAt: "2026-03-28T16:00:00.000Z" }),
    gift({ attemptId: "attempt-spring", amountCents: 10_000, refundedCents: 2_500 }),
    gift({ attemptId: "attempt-spring", status: "failed" }),
    gift({ attemptId: "attempt-spring", paidAt: "2026-04-01T04:00:00.000Z" }),
    // Recorded by staff: no visit, no campaign.
    gift({ method: "check", checkNumber: "1042", amountCents: 5_000 }),
  ]);
});

describe("totals per campaign", () => {
  it("counts each way in by campaign and source, to the count and the cent, within March's New York days", async () => {
    const rows = await campaignTotals(env, MARCH);
    expect(rows).toEqual([
      {
        campaign: "spring",
        source: "newsletter",
        submissions: 2,
        rsvps: 1,
        tickets: 2,
        subscriptions: 1,
        gifts: 3,
        giftCents: 12_500,
      },
      {
        campaign: null,
        source: null,
        submissions: 1,
        rsvps: 0,
        tickets: 0,
        subscriptions: 0,
        gifts: 1,
        giftCents: 5_000,
      },
      {
        campaign: null,
        source: "news.example",
        submissions: 1,
        rsvps: 0,
        tickets: 0,
        subscriptions: 1,
        gifts: 0,
        giftCents: 0,
      },
    ]);
  });

  it("is one D1 round trip of four grouped queries", async () => {
    const { count } = await countInvocation((counted) => campaignTotals(counted, MARCH));
    expect(count.d1Queries).toBe(4);
    expect(count.d1RoundTrips).toBe(1);
  });

  it("is a page and a CSV for ADMIN only; the CSV is audited", async () => {
    const page = await fetchPage("/admin/campaigns?from=2026-03-01&to=2026-03-31", {
      headers: { Cookie: admin.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("spring");
    expect(html).toContain("$125.00");
    expect(html).toContain('href="/admin/campaigns/export.csv?from=2026-03-01&amp;to=2026-03-31"');

    const csv = await fetchPage("/admin/campaigns/export.csv?from=2026-03-01&to=2026-03-31", {
      headers: { Cookie: admin.cookie },
    });
    expect(csv.headers.get("Content-Disposition")).toBe(
      'attachment; filename="campaigns-2026-03-01-2026-03-31.csv"',
    );
    expect((await csv.text()).replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "campaign,source,submissions,rsvps,tickets,subscriptions,gifts,gift_amount",
      "spring,newsletter,2,1,2,1,3,125.00",
      ",,1,0,0,0,1,50.00",
      ",news.example,1,0,0,1,0,0.00",
      "",
    ]);
    const [audited] = await db.select().from(auditLog).where(eq(auditLog.action, "campaigns.export"));
    expect(audited!.detail).toEqual({ filters: MARCH, rows: 3 });

    for (const path of ["/admin/campaigns", "/admin/campaigns/export.csv"])
      expect((await fetchPage(path, { headers: { Cookie: staff.cookie } })).ok).toBe(false);
  });

  it("answers a period that ends before it starts with a message, keeping the days typed", async () => {
    const page = await fetchPage("/admin/campaigns?from=2026-03-31&to=2026-03-01&lng=es", {
      headers: { Cookie: admin.cookie, "Accept-Language": "es" },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("El período termina antes de empezar.");
    expect(html).toContain('value="2026-03-31"');
    expect(html).toContain('value="2026-03-01"');
    const csv = await fetchPage("/admin/campaigns/export.csv?from=2026-03-31&to=2026-03-01", {
      headers: { Cookie: admin.cookie },
    });
    expect(csv.status).toBe(400);
  });

  it("takes a day that is not on the calendar as the default period, never an error", async () => {
    const page = await fetchPage("/admin/campaigns?from=2026-02-30&to=2026-13-01", {
      headers: { Cookie: admin.cookie },
    });
    expect(page.status).toBe(200);
    const year = new Date().getFullYear();
    expect(await page.text()).toContain(`value="${year}-01-01"`);
  });
});
