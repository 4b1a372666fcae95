import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { donations } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { fetchPage, shown } from "./fetch";

/**
 * The gifts list pages by keyset on the day a gift counts for (docs/decisions/057-years-of-data.md):
 * when it was paid, else when it was recorded; a link names a gift, so it keeps showing the same
 * gifts when new ones arrive, and the oldest page is read as the newest is.
 */
let cookie: string;
const db = getDb(env);

/** Gift n counts for 2026-01-01 plus n hours; every third was never paid, so its day is when it was recorded. */
const gift = (n: number) => {
  const day = new Date(Date.UTC(2026, 0, 1, n)).toISOString();
  const unpaid = n % 3 === 0;
  return {
    id: `pager-gift-${String(n).padStart(2, "0")}`,
    frequency: "one-time" as const,
    amountCents: 1_000 + n,
    status: unpaid ? ("pending" as const) : ("succeeded" as const),
    donorName: `Pager Donor ${String(n).padStart(2, "0")}`,
    donorEmail: `pager${n}@example.com`,
    locale: "en",
    paidAt: unpaid ? null : day,
    // A gift paid long after it was recorded still sorts by the day it was paid.
    createdAt: unpaid ? day : "2025-06-01T12:00:00.000Z",
  };
};

async function page(path: string) {
  const html = shown(await (await fetchPage(path, { headers: { Cookie: cookie } })).text());
  const link = (name: string) =>
    new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${name}</a>`).exec(html)?.[1]?.replaceAll("&amp;", "&");
  return {
    donors: [...html.matchAll(/>Pager Donor (\d\d)</g)].map((match) => Number(match[1])),
    links: { newest: link("Newest"), newer: link("Newer"), older: link("Older"), oldest: link("Oldest") },
    html,
  };
}

beforeAll(async () => {
  ({ cookie } = await userWithSession("gift-pager@example.org", "ADMIN", "Gift Pager"));
  const rows = Array.from({ length: 30 }, (_, n) => gift(n));
  await db.batch([
    db.insert(donations).values(rows[0]!),
    ...rows.slice(1).map((row) => db.insert(donations).values(row)),
  ]);
}, 180_000);

describe("the gifts list by keyset", () => {
  it("goes older, oldest and newer by the day a gift counts for, and a link keeps its gifts", async () => {
    const newest = await page("/admin/donations?q=pager");
    expect(newest.donors).toEqual(Array.from({ length: 25 }, (_, i) => 29 - i));
    expect(newest.html).toContain("30 results");
    expect(newest.links).toEqual({
      newest: undefined,
      newer: undefined,
      older: expect.stringMatching(
        /^\/admin\/donations\?q=pager&older=2026-01-01T05%3A00%3A00.000Z_pager-gift-05$/,
      ),
      oldest: "/admin/donations?q=pager&oldest=1",
    });

    const older = await page(newest.links.older!);
    expect(older.donors).toEqual([4, 3, 2, 1, 0]);
    expect(older.links).toMatchObject({
      older: undefined,
      oldest: undefined,
      newest: "/admin/donations?q=pager",
    });

    // A new gift arrives: the link still shows the gifts it showed.
    await db.insert(donations).values(gift(30));
    expect((await page(newest.links.older!)).donors).toEqual([4, 3, 2, 1, 0]);

    const oldest = await page(newest.links.oldest!);
    expect(oldest.donors).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i));
    expect((await page(oldest.links.newer!)).donors).toEqual([30, 29, 28, 27, 26, 25]);

    // The filters hold across pages, and a key typed wrong is the newest page, never an error.
    expect((await page("/admin/donations?q=pager&status=pending&oldest=1")).donors).toEqual([
      30, 27, 24, 21, 18, 15, 12, 9, 6, 3, 0,
    ]);
    expect((await page("/admin/donations?q=pager&older=yesterday")).donors[0]).toBe(30);
  }, 300_000);
});
