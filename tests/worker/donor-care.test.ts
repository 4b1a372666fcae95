import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DONATIONS_CSV_HEADER } from "~/server/admin/donations.server";
import { getDb } from "~/server/db/client.server";
import { auditLog, donations, outbox, recurringGifts, statementRuns } from "~/server/db/schema";
import { queueDailyGiftDigest } from "~/server/donations/gift-notice.server";
import { runYearEndStatements } from "~/server/donations/statement.server";
import { getFundraisingProgress } from "~/server/donations/progress.server";
import { handleScheduled } from "~/server/scheduled.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";
import { deliverEventsSince, giveThroughCheckout, stripeBase, stripeEvents } from "./stripe-checkout";
import { donationAttempt, invoicePaid, signedWebhook, stripeEvent } from "./stripe-webhook";

const db = getDb(env);
let admin: Awaited<ReturnType<typeof userWithSession>>;
let ip = 0;
const visitor = () => `198.51.100.${100 + ++ip}`;

beforeAll(async () => {
  admin = await userWithSession("care-admin@example.org", "ADMIN", "Ada Admin");
});

const get = (path: string) => fetchPage(path, { headers: { Cookie: admin.cookie } });
const post = (path: string, fields: Record<string, string>) =>
  postForm(path, fields, { Cookie: admin.cookie });

async function giftOf(email: string) {
  const [gift] = await db.select().from(donations).where(eq(donations.donorEmail, email));
  return gift!;
}

async function mailsTo(to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to));
}

/** A memorial gift with every field the donate form has. */
const memorial = (email: string) => ({
  email,
  firstName: "Rosa",
  lastName: "Diaz",
  phone: "+1 212 555 0123",
  amount: "custom",
  customAmount: "100",
  coverFee: "on",
  dedicationType: "memory",
  dedicationName: "=Grandpa Luis",
  dedicationEmail: "family@example.com",
  employer: "Acme Corp",
  anonymous: "on",
});

describe("staff see every gift", () => {
  // The first test also warms the Worker up: on a busy machine that alone takes seconds.
  it(
    "the gift page shows every field the donor gave, its payment and the e-mails sent",
    { timeout: 90_000 },
    async () => {
      const email = "memorial-page@example.com";
      await giveThroughCheckout(memorial(email), visitor());
      const gift = await giftOf(email);
      const response = await get(`/admin/donations/${gift.id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      // $100 and the covered fee at 2.2% + 30¢: (10000 + 30) / 0.978 → $102.56.
      expect(html).toContain("$102.56");
      expect(html).toContain("$2.56");
      expect(html).toContain("In memory of =Grandpa Luis");
      expect(html).toContain("family@example.com");
      expect(html).toContain("Acme Corp");
      expect(html).toContain("+1 212 555 0123");
      expect(html).toContain("English");
      expect(html).toContain("donation.receipt");
      expect(html).toContain("donation.dedication");
      expect(html).toContain(`/admin/donors/${encodeURIComponent(email)}`);
      // The list links each gift to its page.
      expect(await (await get("/admin/donations")).text()).toContain(`/admin/donations/${gift.id}`);
      expect((await get("/admin/donations/no-such-gift")).status).toBe(404);
    },
  );

  it("the CSV has a column for each field, values neutralised against formulas", async () => {
    const email = "memorial-csv@example.com";
    await giveThroughCheckout(memorial(email), visitor());
    const csv = await (await get(`/admin/donations/export.csv?q=${encodeURIComponent(email)}`)).text();
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(DONATIONS_CSV_HEADER.join(","));
    expect(header).toBe(
      "id,date,amount,currency,frequency,status,refunded,dispute,donor_name,donor_email,phone,language,anonymous,covered_fee,tribute_type,honoree,tribute_notify_email,employer_matching_gift,stripe_payment_intent,method,check_number,daf_sponsor,in_kind_description,staff_estimate,designation,note,pledge_id,soft_credits,utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer",
    );
    const cells = row!.split(",");
    const cell = (name: string) => cells[DONATIONS_CSV_HEADER.indexOf(name)];
    expect(cell("amount")).toBe("102.56");
    expect(cell("covered_fee")).toBe("2.56");
    expect(cell("tribute_type")).toBe("memory");
    expect(cell("honoree")).toBe("'=Grandpa Luis");
    expect(cell("tribute_notify_email")).toBe("family@example.com");
    expect(cell("employer_matching_gift")).toBe("Acme Corp");
    expect(cell("anonymous")).toBe("yes");
    // A leading + could start a formula: neutralised like every other cell.
    expect(cell("phone")).toBe("'+1 212 555 0123");
    expect(cell("language")).toBe("en");
  });

  it("the donor page shows lifetime and per-year giving net of refunds, and monthly donors list by state", async () => {
    const email = "donor-page@example.com";
    const attemptId = await donationAttempt({ email, amountCents: 2000, frequency: "monthly" });
    const subscription = { id: `sub_${crypto.randomUUID().slice(0, 8)}`, customer: "cus_donor", attemptId };
    const lastYear = Date.UTC(new Date().getUTCFullYear() - 1, 5, 1) / 1000;
    const old = invoicePaid(subscription, 2000, { first: true, paidAt: lastYear });
    const recent = invoicePaid(subscription, 2000);
    for (const event of [old.event, recent.event]) expect((await signedWebhook(event)).status).toBe(200);
    const refund = stripeEvent("charge.refunded", {
      id: `ch_${recent.paymentIntent.slice(3)}`,
      object: "charge",
      amount: 2000,
      amount_refunded: 500,
      refunded: false,
      payment_intent: recent.paymentIntent,
    });
    expect((await signedWebhook(refund)).status).toBe(200);
    const html = await (await get(`/admin/donors/${encodeURIComponent(email)}`)).text();
    expect(html).toMatch(/data-testid="donor-lifetime"[^>]*>\$35\.00</);
    expect(html).toContain(String(new Date().getUTCFullYear() - 1));
    expect(html).toContain("$15.00");
    expect(html).toContain("Active");
    // The same donor by the id of one of their gifts.
    expect((await get(`/admin/donors/${(await giftOf(email)).id}`)).status).toBe(200);

    await db
      .update(recurringGifts)
      .set({ status: "past_due" })
      .where(eq(recurringGifts.stripeSubscriptionId, subscription.id));
    const pastDue = await (await get("/admin/donations/monthly?status=past_due")).text();
    expect(pastDue).toContain(email);
    expect(await (await get("/admin/donations/monthly?status=active")).text()).not.toContain(email);
  });
});

describe("refunds from the gift page", () => {
  it("a partial refund goes through Stripe, counts once in the ledger and is in the audit log", async () => {
    const email = "admin-refund@example.com";
    await giveThroughCheckout({ email, amount: "custom", customAmount: "80" }, visitor());
    const gift = await giftOf(email);
    const aroundNow = {
      label: "test",
      goalCents: 5_000_000,
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const raisedBefore = (await getFundraisingProgress(env, aroundNow)).raisedCents;
    const before = (await stripeEvents()).length;

    const refunded = await post(`/admin/donations/${gift.id}`, { amount: "30", key: "refund-key-1" });
    expect(refunded.status).toBe(200);
    expect(await giftOf(email)).toMatchObject({ status: "succeeded", refundedCents: 3000 });
    // Stripe's own charge.refunded (and refund.created) then arrive: nothing counts twice.
    const events = await deliverEventsSince(before);
    expect(events.map((event) => event.type)).toEqual(["charge.refunded", "refund.created"]);
    expect(await giftOf(email)).toMatchObject({ refundedCents: 3000 });
    expect((await getFundraisingProgress(env, aroundNow)).raisedCents).toBe(raisedBefore - 3000);
    // A replay of the same form is the same refund at Stripe: counted and logged once.
    expect((await post(`/admin/donations/${gift.id}`, { amount: "30", key: "refund-key-1" })).status).toBe(
      200,
    );
    expect(await giftOf(email)).toMatchObject({ refundedCents: 3000 });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "donation.refund"), eq(auditLog.targetId, gift.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userEmail: "care-admin@example.org" });
    expect(audit[0]!.detail).toMatchObject({ amountCents: 3000 });

    const page = await (await get(`/admin/donations/${gift.id}`)).text();
    expect(page).toContain("$30.00 refunded in all.");
    expect(page).toMatch(/data-testid="gift-net"[^>]*>\$50\.00</);

    // The donor is told once, though the refund was recorded by the admin's page, by Stripe's
    // event and by the replay.
    const notices = (await mailsTo(email)).filter((mail) => mail.template === "donation.refund-notice");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe("Your refund of $30");
    expect(notices[0]!.text).toContain("We have refunded $30 of your gift of $80 made on");
    expect(notices[0]!.text).toContain("the gift now counts as $50");

    // The rest, refunded in Stripe's dashboard: a second notice says the gift no longer counts.
    const rest = stripeEvent("charge.refunded", {
      id: `ch_rest_${gift.id}`,
      object: "charge",
      refunded: true,
      amount_refunded: 8000,
      payment_intent: gift.stripePaymentIntentId,
    });
    expect((await signedWebhook(rest)).status).toBe(200);
    expect((await signedWebhook(rest)).status).toBe(200);
    const all = (await mailsTo(email)).filter((mail) => mail.template === "donation.refund-notice");
    expect(all).toHaveLength(2);
    const last = all.find((mail) => mail.id !== notices[0]!.id)!;
    expect(last.subject).toBe("Your refund of $50");
    expect(last.text).toContain("refunded in full: it is no longer tax-deductible");
  });

  it("refuses more than is left, and an amount that is not money, with what was typed kept", async () => {
    const email = "admin-refund-bad@example.com";
    await giveThroughCheckout({ email, amount: "custom", customAmount: "20" }, visitor());
    const gift = await giftOf(email);
    const tooMuch = await post(`/admin/donations/${gift.id}`, { amount: "20.01", key: "refund-key-2" });
    expect(tooMuch.status).toBe(400);
    const html = await tooMuch.text();
    expect(html).toContain("That is more than is left to refund. At most $20.00 can be refunded.");
    expect(html).toContain('value="20.01"');
    const words = await post(`/admin/donations/${gift.id}`, { amount: "ten", key: "refund-key-3" });
    expect(words.status).toBe(400);
    expect(await words.text()).toContain("Enter an amount in dollars");
    expect(await giftOf(email)).toMatchObject({ refundedCents: 0 });
    // In Spanish, the same refusal in Spanish.
    const spanish = await postForm(
      `/admin/donations/${gift.id}?lng=es`,
      { amount: "99", key: "refund-key-4" },
      { Cookie: admin.cookie },
    );
    expect(await spanish.text()).toContain("Es más de lo que queda por reembolsar.");
    // A refund of everything that is left when the field is empty.
    expect((await post(`/admin/donations/${gift.id}`, { amount: "", key: "refund-key-5" })).status).toBe(200);
    expect(await giftOf(email)).toMatchObject({ status: "refunded", refundedCents: 2000 });
    const after = await (await get(`/admin/donations/${gift.id}`)).text();
    expect(after).toContain("Nothing left to refund on this gift");
  });

  it("a non-admin cannot refund", async () => {
    const member = await userWithSession("care-member@example.org", "USER");
    const email = "admin-refund-member@example.com";
    await giveThroughCheckout({ email }, visitor());
    const gift = await giftOf(email);
    const response = await postForm(
      `/admin/donations/${gift.id}`,
      { amount: "5", key: "refund-key-6" },
      { Cookie: member.cookie },
    );
    expect(response.status).toBe(403);
    expect(await giftOf(email)).toMatchObject({ refundedCents: 0 });
  });
});

describe("the team hears of every gift", () => {
  it("one e-mail per new gift, from the same webhook, saying what needs follow-up", async () => {
    const email = "notice@example.com";
    await giveThroughCheckout(memorial(email), visitor());
    const gift = await giftOf(email);
    const [notice] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.id, `gift-notice-${gift.id}`));
    expect(notice).toMatchObject({ to: env.TEAM_EMAIL, template: "donation.team" });
    expect(notice!.subject).toContain("New gift to follow up: $102.56 from Rosa Diaz");
    expect(notice!.text).toContain("Matching gift: the donor works at Acme Corp");
    expect(notice!.text).toContain(
      "Tribute in memory of =Grandpa Luis: the notice was e-mailed to family@example.com",
    );
    expect(notice!.text).toContain("do not list their name publicly");
    expect(notice!.text).toContain(`https://example.org/admin/donations/${gift.id}`);
  });

  it("with GIFT_NOTICE=daily, one digest of yesterday's gifts instead, once", async () => {
    await giveThroughCheckout({ email: "digest-seed@example.com" }, visitor());
    const daily = { ...env, GIFT_NOTICE: "daily" } as Env;
    const tomorrow = new Date(Date.now() + 86_400_000);
    const id = await queueDailyGiftDigest(daily, tomorrow);
    expect(id).toMatch(/^gift-digest-\d{4}-\d{2}-\d{2}$/);
    const [digest] = await db.select().from(outbox).where(eq(outbox.id, id!));
    expect(digest!.subject).toMatch(/^Gifts on \d{4}-\d{2}-\d{2}: \d+ gifts?, \$/);
    expect(digest!.text).toContain("digest-seed@example.com");
    expect(await queueDailyGiftDigest(daily, tomorrow)).toBeNull();
  });
});

describe("receipts a donor and the IRS accept", () => {
  it("a memorial tribute notice is worded as a memorial", async () => {
    await giveThroughCheckout(memorial("memorial-mail@example.com"), visitor());
    const notices = (await mailsTo("family@example.com")).filter(
      (mail) => mail.template === "donation.dedication",
    );
    expect(notices.length).toBeGreaterThan(0);
    for (const notice of notices) {
      expect(notice.subject).toBe("A gift in memory of =Grandpa Luis");
      expect(notice.subject + notice.text).not.toMatch(/in (your )?honou?r/i);
    }
  });

  it("a bank payment that fails e-mails the donor", async () => {
    const email = "ach-failed@example.com";
    const attemptId = await donationAttempt({ email, amountCents: 7500 });
    const event = stripeEvent("checkout.session.async_payment_failed", {
      id: `cs_${crypto.randomUUID().slice(0, 12)}`,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "unpaid",
      amount_total: 7500,
      currency: "usd",
      metadata: { attempt_id: attemptId },
    });
    expect((await signedWebhook(event)).status).toBe(200);
    expect((await signedWebhook({ ...event, id: `evt_${crypto.randomUUID()}` })).status).toBe(200);
    const mails = (await mailsTo(email)).filter((mail) => mail.template === "donation.payment-failed");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your bank payment did not go through");
    expect(mails[0]!.text).toContain("$75");
    expect(mails[0]!.text).toContain("https://example.org/donate");
  });

  it("a canceled monthly gift is confirmed to the donor and the team, once", async () => {
    const email = "cancel-monthly@example.com";
    await giveThroughCheckout({ email, frequency: "monthly", amount: "2500" }, visitor());
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.donorEmail, email));
    const before = (await stripeEvents()).length;
    const canceled = await fetch(`${stripeBase}/v1/subscriptions/${gift!.stripeSubscriptionId}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
    });
    expect(canceled.status).toBe(200);
    const [deleted] = await deliverEventsSince(before);
    expect((await signedWebhook({ ...deleted!, id: `evt_${crypto.randomUUID()}` })).status).toBe(200);
    const donorMails = (await mailsTo(email)).filter((mail) => mail.template === "donation.canceled");
    expect(donorMails).toHaveLength(1);
    expect(donorMails[0]!.text).toContain("your monthly donation of $25 has been canceled");
    const team = await db
      .select()
      .from(outbox)
      .where(eq(outbox.id, `canceled-team-${gift!.id}`));
    expect(team[0]).toMatchObject({ to: env.TEAM_EMAIL, subject: "Monthly gift canceled: Ana Lopez" });
  });
});

describe("a monthly gift ended by failed payments", () => {
  it("is confirmed as such, not as the donor's request", async () => {
    const email = "dunning-ended@example.com";
    const attemptId = await donationAttempt({ email, amountCents: 1500, frequency: "monthly" });
    const event = stripeEvent("customer.subscription.deleted", {
      id: `sub_${crypto.randomUUID().slice(0, 10)}`,
      object: "subscription",
      customer: "cus_dunning",
      status: "canceled",
      metadata: { attempt_id: attemptId },
      items: { object: "list", data: [{ price: { unit_amount: 1500 }, quantity: 1 }] },
      cancellation_details: { reason: "payment_failed" },
    });
    expect((await signedWebhook(event)).status).toBe(200);
    const [mail] = (await mailsTo(email)).filter((row) => row.template === "donation.canceled");
    expect(mail!.text).toContain("could not be taken from your card");
    expect(mail!.text).not.toContain("As you asked");
  });
});

describe("January statements", () => {
  it("go to every donor of last year (New York time), net of refunds, once, through the Cron Trigger", async () => {
    const year = 2025;
    const paid = (iso: string) => Date.parse(iso) / 1000;
    const give = async (email: string, paidAtIso: string, cents: number) => {
      const attemptId = await donationAttempt({ email, amountCents: cents, frequency: "monthly" });
      const subscription = { id: `sub_${crypto.randomUUID().slice(0, 10)}`, customer: "cus_y", attemptId };
      const { event, paymentIntent } = invoicePaid(subscription, cents, {
        first: true,
        paidAt: paid(paidAtIso),
      });
      expect((await signedWebhook(event)).status).toBe(200);
      return paymentIntent;
    };
    // 10 pm on 31 December in New York is already 1 January in UTC: it belongs to 2025.
    const lateNight = await give("stmt-a@example.com", "2026-01-01T03:00:00Z", 3000);
    await give("stmt-b@example.com", "2025-06-01T15:00:00Z", 5000);
    // 4 am UTC on 1 January 2025 is 11 pm on 31 December 2024 in New York: not a 2025 gift.
    await give("stmt-c@example.com", "2025-01-01T04:00:00Z", 9000);
    const refund = stripeEvent("charge.refunded", {
      id: `ch_${lateNight.slice(3)}`,
      object: "charge",
      amount: 3000,
      amount_refunded: 1000,
      refunded: false,
      payment_intent: lateNight,
    });
    expect((await signedWebhook(refund)).status).toBe(200);

    // The Cron Trigger in January 2026 (New York), twice: one statement per donor.
    const january = Date.parse("2026-01-02T15:00:00Z");
    await handleScheduled(env, january);
    await handleScheduled(env, january + 300_000);
    const statements = await db
      .select()
      .from(outbox)
      .where(and(like(outbox.id, `statement-${year}-%`), eq(outbox.template, "donation.statement")));
    const to = (email: string) => statements.filter((mail) => mail.to === email);
    expect(to("stmt-a@example.com")).toHaveLength(1);
    expect(to("stmt-a@example.com")[0]!.text).toContain("$20");
    expect(to("stmt-a@example.com")[0]!.text).not.toContain("$30");
    expect(to("stmt-b@example.com")).toHaveLength(1);
    expect(to("stmt-c@example.com")).toHaveLength(0);
    const [run] = await db.select().from(statementRuns).where(eq(statementRuns.year, year));
    expect(run!.finishedAt).not.toBeNull();

    // Outside January the Cron Trigger sends none.
    await db.delete(statementRuns).where(eq(statementRuns.year, 2026));
    await handleScheduled(env, Date.parse("2026-03-02T15:00:00Z"));
    expect(await db.select().from(statementRuns).where(eq(statementRuns.year, 2026))).toHaveLength(0);
  });

  it("a run cut short goes on from its cursor, and a lost cursor still sends nobody a second one", async () => {
    const year = 2024;
    for (const name of ["zr-a", "zr-b", "zr-c"]) {
      const attemptId = await donationAttempt({
        email: `${name}@example.com`,
        amountCents: 1000,
        frequency: "monthly",
      });
      const subscription = { id: `sub_${crypto.randomUUID().slice(0, 10)}`, customer: "cus_r", attemptId };
      const { event } = invoicePaid(subscription, 1000, {
        first: true,
        paidAt: Date.parse("2024-05-05T15:00:00Z") / 1000,
      });
      expect((await signedWebhook(event)).status).toBe(200);
    }
    // A run that stopped after zr-a: the next one starts after it.
    await db.insert(statementRuns).values({ year, cursor: "zr-a@example.com", queued: 0 });
    expect(await runYearEndStatements(env, year)).toMatchObject({ queued: 2, finished: true });
    const count = async (email: string) =>
      (
        await db
          .select()
          .from(outbox)
          .where(and(eq(outbox.to, email), like(outbox.id, `statement-${year}-%`)))
      ).length;
    expect([
      await count("zr-a@example.com"),
      await count("zr-b@example.com"),
      await count("zr-c@example.com"),
    ]).toEqual([0, 1, 1]);
    // The run record lost: a new run from the start sends zr-a theirs, and zr-b and zr-c nothing more.
    await db.delete(statementRuns).where(eq(statementRuns.year, year));
    expect(await runYearEndStatements(env, year)).toMatchObject({ finished: true });
    expect([
      await count("zr-a@example.com"),
      await count("zr-b@example.com"),
      await count("zr-c@example.com"),
    ]).toEqual([1, 1, 1]);
  });

  it("an admin runs them now; a second run sends nothing more", async () => {
    const first = await post("/admin/donations/statements", {});
    expect(first.status).toBe(200);
    const second = await post("/admin/donations/statements", {});
    expect(await second.text()).toContain("0 statements queued");
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "statements.run"));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});
