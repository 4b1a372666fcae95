import { env } from "cloudflare:workers";
import { count, eq, sql, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listDonations } from "~/server/admin/donations.server";
import { getDb } from "~/server/db/client.server";
import { donationAttempts, donations, giftTotals } from "~/server/db/schema";
import { attemptIdOf, countedCents, countsInTotals } from "~/server/donations/ledger.server";
import { fetchPage, ORIGIN, shown } from "./fetch";
import { writeGiftsEveryWay } from "./gift-writes";
import { adminBeforeAll } from "./imports-page";
import { countInvocation } from "./platform-count";

/**
 * The gift list's totals kept as gifts are written (docs/decisions/057-years-of-data.md, round
 * eight): after every kind of write of a gift, by every module that writes one, the kept totals are
 * the ledger's to the cent, and the list shows the same figures whichever way it reads them.
 */
const db = getDb(env);
const admin = adminBeforeAll("totals-admin@example.org", "Tia Admin");

const get = (path: string) => fetchPage(path, { headers: { Cookie: admin.cookie } });

type Line = {
  frequency: string;
  status: string;
  campaign: string;
  gifts: number;
  counted: number;
  cents: number;
};
const ordered = (lines: Line[]) =>
  lines.sort((a, b) =>
    `${a.frequency} ${a.status} ${a.campaign}`.localeCompare(`${b.frequency} ${b.status} ${b.campaign}`),
  );

/** Every gift of the ledger by frequency, status and campaign, counted by the one rule now. */
async function fromLedger(): Promise<Line[]> {
  const campaign = sql<string>`coalesce(json_extract(${donationAttempts.attribution}, '$.utm_campaign'), '')`;
  const rows = await db
    .select({
      frequency: donations.frequency,
      status: donations.status,
      campaign,
      gifts: count(),
      counted: sql<number>`sum(case when ${countsInTotals} then 1 else 0 end)`,
      cents: sum(countedCents).mapWith(Number),
    })
    .from(donations)
    .leftJoin(donationAttempts, eq(donationAttempts.id, attemptIdOf))
    .groupBy(donations.frequency, donations.status, campaign);
  return ordered(rows);
}

/** What the triggers kept (lines every gift has left read nothing). */
async function kept(): Promise<Line[]> {
  const rows = await db
    .select({
      frequency: giftTotals.frequency,
      status: giftTotals.status,
      campaign: giftTotals.campaign,
      gifts: giftTotals.gifts,
      counted: giftTotals.countedGifts,
      cents: giftTotals.countedCents,
    })
    .from(giftTotals);
  return ordered(rows.filter((row) => row.gifts !== 0 || row.counted !== 0 || row.cents !== 0));
}

async function expectKeptIsTheLedger() {
  const ledger = await fromLedger();
  expect(ledger.length).toBeGreaterThan(0);
  expect(await kept()).toEqual(ledger);
}

/** The figures the gift list shows: its totals line and its campaign lines. */
async function listed(query: string) {
  const html = shown(await (await get(`/admin/donations?lng=en&${query}`)).text());
  return {
    totals: html.match(/\d[\d,]* gifts? match; \$[\d,.]+ received\./)?.[0],
    campaigns: html.match(/data-testid="campaign-totals"[^>]*>([\s\S]*?)<\/ul>/)?.[1],
  };
}

describe("the gift list's kept totals", () => {
  it(
    "equal the ledger's after card gifts, monthly payments (their first one late), refunds, disputes, offline gifts, edits, voids, pledges, an import and its undo",
    { timeout: 180_000 },
    async () => {
      await writeGiftsEveryWay(admin, async (step) => {
        await expectKeptIsTheLedger();
        // The renewal delivered before its first payment counts under the first payment's campaign.
        if (step === "first payment, late")
          expect((await kept()).find((line) => line.campaign === "gala")).toMatchObject({
            gifts: 2,
            cents: 3_000,
          });
      });
    },
  );

  it("shows the same figures from the kept totals as from the ledger, in one D1 query for the totals", async () => {
    // A filter by day is answered by the ledger: from the first day of the records it is every gift.
    const everyDay = await listed("from=2000-01-01");
    const whole = await listed("");
    expect(whole.totals).toBeDefined();
    expect(whole).toEqual(everyDay);
    expect(await listed("frequency=monthly")).toEqual(await listed("frequency=monthly&from=2000-01-01"));
    expect(await listed("status=succeeded&oldest=1")).toEqual(
      await listed("status=succeeded&from=2000-01-01"),
    );
    // Every page, the last as the first, reads its rows and its figures: two D1 queries, from the
    // kept totals, or for a filter by day or a search one pass over the ledger's matching gifts.
    for (const query of [
      "",
      "oldest=1",
      "frequency=monthly&oldest=1",
      "status=refunded",
      "from=2000-01-01",
      "q=olga",
    ]) {
      const { count } = await countInvocation((counting) =>
        listDonations(counting, new URL(`/admin/donations?${query}`, ORIGIN)),
      );
      expect(count.d1Queries, query).toBe(2);
    }
  });
});
