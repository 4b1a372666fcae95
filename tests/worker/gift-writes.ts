import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "~/server/db/client.server";
import { donationAttempts } from "~/server/db/schema";
import { getImport } from "~/server/imports/jobs.server";
import type { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";
import { giftsOf, importsPage } from "./imports-page";
import {
  chargeRefunded,
  dispute,
  donationAttempt,
  invoicePaid,
  oneTimeCompleted,
  signedWebhook,
} from "./stripe-webhook";

/**
 * Every way a gift is written, by every module that writes one, through the real Worker: what the
 * kept totals and the search index, both kept by triggers on `donations` (decision 057), must
 * follow. Each step's name is handed to `check` after its write.
 */
export type GiftWrite =
  | "card gift from a campaign"
  | "card gift"
  | "renewal before its first payment"
  | "first payment, late"
  | "partial refund"
  | "whole refund"
  | "dispute opened"
  | "dispute lost"
  | "renewal's dispute opened"
  | "renewal's dispute won"
  | "offline gift"
  | "edit"
  | "pledge payment"
  | "void"
  | "import"
  | "import undone";

const db = getDb(env);

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

/** The writes, in turn, as `admin`, an ADMIN signed in. */
export async function writeGiftsEveryWay(
  admin: Awaited<ReturnType<typeof userWithSession>>,
  check: (step: GiftWrite) => Promise<void>,
) {
  const { cookie } = admin;
  const get = (path: string) => fetchPage(path, { headers: { Cookie: cookie } });
  const post = (path: string, fields: Record<string, string>) => postForm(path, fields, { Cookie: cookie });
  /** Staff record an offline gift through the form; its id (from the redirect). */
  const record = async (fields: Record<string, string>) => {
    const response = await post("/admin/donations/new", {
      locale: "en",
      receivedOn: "2026-03-02",
      sendReceipt: "",
      donorName: "Olga Offline",
      ...fields,
    });
    expect(response.status, await response.clone().text()).toBe(303);
    return response.headers.get("Location")!.split("/").at(-1)!;
  };

  // A one-time card gift from a campaign link, and one from no campaign.
  const spring = oneTimeCompleted(
    await attemptFrom("spring", { email: "sol@example.com", amountCents: 5_000 }),
    5_000,
  );
  await deliver(spring.event);
  await check("card gift from a campaign");
  const plain = oneTimeCompleted(
    await attemptFrom(null, { email: "pia@example.com", amountCents: 2_000 }),
    2_000,
  );
  await deliver(plain.event);
  await check("card gift");

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
  await check("renewal before its first payment");
  await deliver(
    invoicePaid(subscription, 1_500, { first: true, paidAt: Math.floor(Date.now() / 1000) - 2_592_000 })
      .event,
  );
  await check("first payment, late");

  // Refunds, partial then whole; a dispute opened, then lost; another opened and won.
  await deliver(chargeRefunded(spring.paymentIntent, 5_000, 1_250));
  await check("partial refund");
  await deliver(chargeRefunded(spring.paymentIntent, 5_000, 5_000));
  await check("whole refund");
  await deliver(dispute("charge.dispute.created", plain.paymentIntent, 2_000, "needs_response"));
  await check("dispute opened");
  await deliver(dispute("charge.dispute.closed", plain.paymentIntent, 2_000, "lost"));
  await check("dispute lost");
  await deliver(dispute("charge.dispute.created", renewal.paymentIntent, 1_500, "needs_response"));
  await check("renewal's dispute opened");
  await deliver(dispute("charge.dispute.closed", renewal.paymentIntent, 1_500, "won"));
  await check("renewal's dispute won");

  // Gifts staff record, change (the donor's name too) and void; a pledge and a payment applied to it.
  const cash = await record({ method: "cash", amount: "40", donorEmail: "olga@example.com" });
  await check("offline gift");
  const edited = await post(`/admin/donations/${cash}/change`, {
    intent: "edit",
    method: "check",
    checkNumber: "77",
    donorEmail: "olga@example.com",
    donorName: "Édith Núñez",
    locale: "en",
    receivedOn: "2026-03-03",
    amount: "45.50",
  });
  expect(edited.status).toBe(200);
  await check("edit");
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
  const pledgeId = (await (await get("/admin/donations/new?email=olga%40example.com&lng=en")).text()).match(
    /<option value="([0-9a-f-]{36})"/,
  )?.[1];
  await record({
    method: "bank_transfer",
    amount: "100",
    donorEmail: "olga@example.com",
    pledgeId: pledgeId!,
  });
  await check("pledge payment");
  expect(
    (await post(`/admin/donations/${cash}/change`, { intent: "void", reason: "Entered twice" })).status,
  ).toBe(200);
  await check("void");

  // An import of gifts from a bank's file, then its undo.
  const imports = importsPage(admin);
  const job = await imports.upload(
    "gifts",
    "date,amount,email,name\n2026-04-01,10,uma@totals-import.test,Úrsula Ibáñez\n2026-04-02,20.25,kim@totals-import.test,Kim\n",
    "bank.csv",
  );
  await imports.step(job, {
    intent: "map",
    "column-0": "receivedOn",
    "column-1": "amount",
    "column-2": "donorEmail",
    "column-3": "donorName",
    method: "cash",
  });
  await imports.step(job, { intent: "import" });
  expect(await giftsOf("totals-import.test")).toBe(2);
  await check("import");
  await imports.step(job, { intent: "undo" });
  expect((await getImport(env, job))!.status).toBe("undone");
  await check("import undone");
}
