import { env } from "cloudflare:workers";
import { count, eq, sql, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listDonations } from "~/server/admin/donations.server";
import { getDb } from "~/server/db/client.server";
import { donationAttempts, donations, giftTotals } from "~/server/db/schema";
import { attemptIdOf, countedCents, countsInTotals } from "~/server/donations/ledger.server";
import { getImport } from "~/server/imports/jobs.server";
import { adminBeforeAll, giftsOf, importsPage } from "./imports-page";
import { fetchPage, ORIGIN, postForm, shown } from "./fetch";
import { countInvocation } from "./platform-count";
import {
  chargeRefunded,
  dispute,
  donationAttempt,
  invoicePaid,
  oneTimeCompleted,
  signedWebhook,
} from "./stripe-webhook";

/**
 * The gift list's totals kept as gifts are written (docs/decisions/057-years-of-data.md, round
 * eight): after every kind of write of a gift, by every module that writes one, the kept totals are
 * the ledger's to the cent, and the list shows the same figures whichever way it reads them.
 */
const db = getDb(env);
const admin = adminBeforeAll("totals-admin@example.org", "Tia Admin");
const imports = importsPage(admin);

const get = (path: string) => fetchPage(path, { headers: { Cookie: admin.cookie } });
const post = (path: string, fields: Record<string, string>) =>
  postForm(path, fields, { Cookie: admin.cookie });

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

async function deliver(event: object) {
  expect((await signedWebhook(event)).status).toBe(200);
}

/** A donate form's attempt that came from a campaign link (decision 056). */
async function attemptFrom(campaign: string | null, fields: Parameters<typeof donationAttempt>[0]) {
  const id = await donationAttempt(fields);
  if (campaign)
    await db
      .update(donationAttempts)
      .set({ attribution: { utm_source: "newsletter", utm_campaign: campaign } })
      .where(eq(donationAttempts.id, id));
  return id;
}

/** Staff record an offline gift through the form; its id (from the redirect). */
async function record(fields: Record<string, string>) {
  const response = await post("/admin/donations/new", {
    locale: "en",
    receivedOn: "2026-03-02",
    sendReceipt: "",
    donorName: "Olga Offline",
    ...fields,
  });
  expect(response.status, await response.clone().text()).toBe(303);
  return response.headers.get("Location")!.split("/").at(-1)!;
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
      // A one-time card gift from a campaign link, and one from no campaign.
      const spring = oneTimeCompleted(
        await attemptFrom("spring", { email: "sol@example.com", amountCents: 5_000 }),
        5_000,
      );
      await deliver(spring.event);
      await expectKeptIsTheLedger();
      const plain = oneTimeCompleted(
        await attemptFrom(null, { email: "pia@example.com", amountCents: 2_000 }),
        2_000,
      );
      await deliver(plain.event);
      await expectKeptIsTheLedger();

      // A monthly gift whose renewal is delivered before its first payment: the renewal counts
      // under no campaign until the first payment names the campaign of the visit.
      const subscription = {
        id: "sub_totals_late",
        customer: "cus_totals_late",
        attemptId: await attemptFrom("gala", {
          email: "mo@example.com",
          amountCents: 1_500,
          frequency: "monthly",
        }),
      };
      const renewal = invoicePaid(subscription, 1_500);
      await deliver(renewal.event);
      await expectKeptIsTheLedger();
      await deliver(
        invoicePaid(subscription, 1_500, { first: true, paidAt: Math.floor(Date.now() / 1000) - 2_592_000 })
          .event,
      );
      await expectKeptIsTheLedger();
      expect((await kept()).find((line) => line.campaign === "gala")).toMatchObject({
        gifts: 2,
        cents: 3_000,
      });

      // Refunds, partial then whole; a dispute opened, then lost; another opened and won.
      await deliver(chargeRefunded(spring.paymentIntent, 5_000, 1_250));
      await expectKeptIsTheLedger();
      await deliver(chargeRefunded(spring.paymentIntent, 5_000, 5_000));
      await expectKeptIsTheLedger();
      await deliver(dispute("charge.dispute.created", plain.paymentIntent, 2_000, "needs_response"));
      await expectKeptIsTheLedger();
      await deliver(dispute("charge.dispute.closed", plain.paymentIntent, 2_000, "lost"));
      await expectKeptIsTheLedger();
      await deliver(dispute("charge.dispute.created", renewal.paymentIntent, 1_500, "needs_response"));
      await expectKeptIsTheLedger();
      await deliver(dispute("charge.dispute.closed", renewal.paymentIntent, 1_500, "won"));
      await expectKeptIsTheLedger();

      // Gifts staff record, change and void; a pledge and a payment applied to it.
      const cash = await record({ method: "cash", amount: "40", donorEmail: "olga@example.com" });
      await expectKeptIsTheLedger();
      const edited = await post(`/admin/donations/${cash}/change`, {
        intent: "edit",
        method: "check",
        checkNumber: "77",
        donorEmail: "olga@example.com",
        donorName: "Olga Offline",
        locale: "en",
        receivedOn: "2026-03-03",
        amount: "45.50",
      });
      expect(edited.status).toBe(200);
      await expectKeptIsTheLedger();
      const pledged = await post("/admin/pledges/new", {
        donorEmail: "olga@example.com",
        donorName: "Olga Offline",
        locale: "en",
        amount: "300",
        instalments: "3",
        intervalMonths: "1",
        firstDueOn: "2026-04-01",
      });
      expect(pledged.status).toBe(303);
      const pledgeId = (
        await (await get("/admin/donations/new?email=olga%40example.com&lng=en")).text()
      ).match(/<option value="([0-9a-f-]{36})"/)?.[1];
      await record({
        method: "bank_transfer",
        amount: "100",
        donorEmail: "olga@example.com",
        pledgeId: pledgeId!,
      });
      await expectKeptIsTheLedger();
      expect(
        (await post(`/admin/donations/${cash}/change`, { intent: "void", reason: "Entered twice" })).status,
      ).toBe(200);
      await expectKeptIsTheLedger();

      // An import of gifts from a bank's file, then its undo.
      const job = await imports.upload(
        "gifts",
        "date,amount,email,name\n2026-04-01,10,uma@totals-import.test,Uma\n2026-04-02,20.25,kim@totals-import.test,Kim\n",
        "bank.csv",
      );
      const step = (fields: Record<string, string>) => imports.step(job, fields);
      await step({
        intent: "map",
        "column-0": "receivedOn",
        "column-1": "amount",
        "column-2": "donorEmail",
        "column-3": "donorName",
        method: "cash",
      });
      await step({ intent: "import" });
      expect(await giftsOf("totals-import.test")).toBe(2);
      await expectKeptIsTheLedger();
      await step({ intent: "undo" });
      expect((await getImport(env, job))!.status).toBe("undone");
      await expectKeptIsTheLedger();
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
