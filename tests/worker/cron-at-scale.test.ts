import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createNewsletter, startNewsletterSend } from "~/server/admin/newsletters.server";
import { getDb } from "~/server/db/client.server";
import { newsletters, outbox, statementRuns } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { cronRuns, deliveredByProvider, expectRunsWithin, insertRows, providerEnv } from "./cron-runs";

/**
 * The Cron jobs at year ten's size (docs/decisions/057-years-of-data.md, issue 38): the newsletter
 * to 20,000 subscribers and January statements for 10,000 donors, each Cron run the Worker's own
 * `scheduled` handler in an invocation of its own, counted against half the Paid plan's limits
 * (decision 045), every message delivered once. `npm test` runs a tenth of that size, whose runs
 * have the full size's shape (each run queues and sends its full share); `CRON_AT_SCALE=1` (the
 * bench) runs the full size and prints the figures the decision reports.
 */
const SHARE = Number(env.CRON_AT_SCALE_SHARE);
const SUBSCRIBERS = Math.round(20_000 * SHARE);
const DONORS = Math.round(10_000 * SHARE);
const db = getDb(env);

async function mailOf(template: string) {
  const rows = await db
    .select({ id: outbox.id, status: outbox.status })
    .from(outbox)
    .where(eq(outbox.template, template));
  return {
    all: new Set(rows.map((row) => row.id)),
    sent: rows.filter((row) => row.status === "sent").length,
  };
}

let admin: Awaited<ReturnType<typeof userWithSession>>["user"];
beforeAll(async () => {
  admin = (await userWithSession("cron-scale@example.org", "ADMIN", "Cy Scale")).user;
});

describe(`the Cron jobs at ${SHARE} of ten years' size`, () => {
  it(`the newsletter reaches ${SUBSCRIBERS} subscribers over Cron runs, each in budget, each once`, async () => {
    await insertRows("subscribers", ["id", "email", "locale", "status"], SUBSCRIBERS, (n) => [
      `scale-sub-${n}`,
      `reader${n}@example.com`,
      n % 3 === 0 ? "es" : "en",
      "confirmed",
    ]);
    const id = await createNewsletter(env, admin, {
      subjectEn: "Year ten",
      bodyEn: "Hello families.",
      subjectEs: "Año diez",
      bodyEs: "Estimadas familias.",
    });
    expect(await startNewsletterSend(providerEnv, admin, id)).toBe("started");
    const done = async () => {
      const [issue] = await db.select().from(newsletters).where(eq(newsletters.id, id));
      return issue!.status === "sent" && (await mailOf("newsletter.issue")).sent === SUBSCRIBERS;
    };
    // Each run's scheduled time is a minute ahead of the clock, so what earlier runs queued is due.
    const runs = await cronRuns(done, () => Date.now() + 60_000, Math.ceil(SUBSCRIBERS / 300) + 5);
    expectRunsWithin(`newsletter-${SUBSCRIBERS}`, runs);
    expect(await done()).toBe(true);
    expect(await deliveredByProvider((await mailOf("newsletter.issue")).all)).toEqual({
      distinct: SUBSCRIBERS,
      twice: 0,
    });
  }, 1_800_000);

  it(`January statements reach ${DONORS} donors over Cron runs, each in budget, each once`, async () => {
    const year = new Date().getUTCFullYear();
    await insertRows(
      "donations",
      ["id", "frequency", "amount_cents", "status", "donor_name", "donor_email", "locale", "paid_at"],
      DONORS,
      (n) => [
        `scale-gift-${n}`,
        "one-time",
        2_500 + n,
        "succeeded",
        `Donor ${n}`,
        `donor${n}@example.com`,
        n % 4 === 0 ? "es" : "en",
        `${year}-06-15T16:00:00.000Z`,
      ],
    );
    const done = async () => {
      const [run] = await db.select().from(statementRuns).where(eq(statementRuns.year, year));
      return (
        Boolean(run?.finishedAt) &&
        (await db.$count(
          outbox,
          and(eq(outbox.template, "donation.statement"), eq(outbox.status, "sent")),
        )) === DONORS
      );
    };
    const january = Date.parse(`${year + 1}-01-12T15:00:00Z`);
    const runs = await cronRuns(done, () => january, Math.ceil(DONORS / 100) + 5);
    expectRunsWithin(`statements-${DONORS}`, runs);
    expect(await done()).toBe(true);
    expect(await deliveredByProvider((await mailOf("donation.statement")).all)).toEqual({
      distinct: DONORS,
      twice: 0,
    });
  }, 1_800_000);
});
