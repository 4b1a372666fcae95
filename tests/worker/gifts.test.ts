import { env } from "cloudflare:workers";
import { and, asc, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, donationAttempts, donations, outbox } from "~/server/db/schema";
import { queuePledgeReminders } from "~/server/donations/pledges.server";
import { giftsForYear, queueYearEndStatement } from "~/server/donations/statement.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";
import { countInvocation } from "./platform-count";
import { giveThroughCheckout } from "./stripe-checkout";
import { donationAttempt, oneTimeCompleted, signedWebhook } from "./stripe-webhook";

/**
 * Every gift counted (docs/decisions/056-every-gift-counted.md): offline, in-kind, pledge and
 * soft-credited gifts go through the one counting rule of decision 017, so the goal bar, the
 * donor's page and the January statement agree to the cent. Its own file, so its own database.
 */
const db = getDb(env);
let admin: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  admin = await userWithSession("gifts-admin@example.org", "ADMIN", "Gia Admin");
});

const get = (path: string) => fetchPage(path, { headers: { Cookie: admin.cookie } });
const post = (path: string, fields: Record<string, string>) =>
  postForm(path, fields, { Cookie: admin.cookie });

/** A dollar figure a page shows ("$1,234.50" → 1234.5). */
const dollars = (html: string, pattern: RegExp) => Number(html.match(pattern)?.[1]?.replace(/,/g, ""));
const raised = async () => dollars(await (await fetchPage("/donate?lng=en")).text(), /\$([\d,.]+) raised of/);
const donorPage = async (email: string) =>
  shown(await (await get(`/admin/donors/${encodeURIComponent(email)}?lng=en`)).text());
/** The rows of the gifts export for a search, each as its cells by column name. */
async function exported(q: string) {
  const csv = await (await get(`/admin/donations/export.csv?q=${encodeURIComponent(q)}`)).text();
  return Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  }).data;
}
const lifetime = (html: string) => dollars(html, /data-testid="donor-lifetime"[^>]*>\$([\d,.]+)/);
const recognition = (html: string) => dollars(html, /data-testid="donor-recognition"[^>]*>\$([\d,.]+)/);

/** Staff record an offline gift through the form; returns its id (from the redirect). */
async function record(fields: Record<string, string>) {
  const response = await post("/admin/donations/new", {
    locale: "en",
    receivedOn: "2026-03-02",
    sendReceipt: "on",
    ...fields,
  });
  expect(response.status, await response.clone().text()).toBe(303);
  return response.headers.get("Location")!.split("/").at(-1)!;
}

/** A card gift through the Stripe webhook, as the donate form's Checkout makes it. */
async function cardGift(email: string, cents: number) {
  const completed = oneTimeCompleted(await donationAttempt({ email, amountCents: cents }), cents);
  expect((await signedWebhook(completed.event)).status).toBe(200);
  const [gift] = await db
    .select()
    .from(donations)
    .where(eq(donations.stripePaymentIntentId, completed.paymentIntent));
  return gift!;
}

describe("every gift counted", () => {
  // The first test also warms the Worker up: on a busy machine that alone takes seconds.
  it(
    "counts a card gift, a cheque and a pledge's payments once each: goal, donor page and statement agree to the cent",
    { timeout: 90_000 },
    async () => {
      const before = await raised();
      const email = "ines.card-cheque@example.com";
      await cardGift(email, 10_050); // $100.50 by card
      const cheque = await record({
        method: "check",
        checkNumber: "1042",
        amount: "250.25",
        donorEmail: email,
        donorName: "Inés Ortega",
        locale: "es",
        designation: "Computer lab",
      });
      // A pledge of $1,000 in four quarterly instalments, the donor wants reminders.
      const pledged = await post("/admin/pledges/new", {
        donorEmail: email,
        donorName: "Inés Ortega",
        locale: "es",
        amount: "1000",
        instalments: "4",
        intervalMonths: "3",
        firstDueOn: "2026-04-01",
        remind: "on",
      });
      expect(pledged.status).toBe(303);
      const pledgeId = (
        await get(`/admin/donations/new?email=${encodeURIComponent(email)}&lng=en`).then((r) => r.text())
      ).match(/<option value="([0-9a-f-]{36})"/)?.[1];
      expect(pledgeId).toBeDefined();
      // One instalment offline (a bank transfer), one online and applied to the pledge afterwards.
      await record({
        method: "bank_transfer",
        amount: "250",
        donorEmail: email,
        donorName: "Inés Ortega",
        pledgeId: pledgeId!,
        receivedOn: "2026-04-01",
      });
      const online = await cardGift(email, 25_000);
      expect(
        (await post(`/admin/donations/${online.id}/change`, { intent: "pledge", pledgeId: pledgeId! }))
          .status,
      ).toBe(200);

      const total = 100.5 + 250.25 + 250 + 250;
      expect(await raised()).toBeCloseTo(before + total, 2);
      const page = await donorPage(email);
      expect(lifetime(page)).toBe(total);
      // The pledge shows what is paid (two instalments) and what is left, never the promise as given.
      expect(page).toContain("$1,000.00 in 4 instalments: $500.00 paid, $500.00 outstanding");
      expect(page.match(/>Paid</g)).toHaveLength(2);
      const year = await giftsForYear(env, email, 2026);
      expect(year.reduce((sum, gift) => sum + Number(gift.amountCents), 0)).toBe(total * 100);
      const statementId = await queueYearEndStatement(env, email, 2026, "es");
      const [statement] = await db.select().from(outbox).where(eq(outbox.id, statementId!));
      // The Spanish statement lists four gifts and their sum, and not the $500 still promised.
      expect(statement!.text).toContain("Total: $850.75 (4 donaciones)");
      expect(statement!.text).not.toContain("$1,000");
      // The cheque's receipt is the same receipt as a card gift's, in the donor's language.
      const [receipt] = await db
        .select()
        .from(outbox)
        .where(eq(outbox.id, `receipt-${cheque}`));
      expect(receipt).toMatchObject({ to: email, locale: "es", template: "donation.receipt" });
      expect(receipt!.subject).toContain("$250.25");
      // Both name how the gift came: the receipt its cheque, the statement each gift's method.
      expect(receipt!.text).toContain("Forma de donación: cheque n.º 1042");
      expect(statement!.text).toMatch(/\$250\.25 {2}única {2}cheque n\.º 1042/);
      expect(statement!.text).toMatch(/\$100\.50 {2}única {2}en línea/);
      expect(statement!.text).toContain("transferencia bancaria");
    },
  );

  it("keeps an in-kind gift out of the money goal, with no value on its receipt and the staff estimate only in admin", async () => {
    const before = await raised();
    const id = await record({
      method: "in_kind",
      inKindDescription: "Twelve laptops for the computer lab",
      estimate: "3600",
      donorEmail: "lab.friend@example.com",
      donorName: "Lab Friend",
    });
    expect(await raised()).toBe(before);
    const [receipt] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.id, `receipt-${id}`));
    expect(receipt!.template).toBe("donation.receipt.in-kind");
    expect(receipt!.text).toContain("Twelve laptops for the computer lab");
    expect(receipt!.text).toContain("determining their value for your tax return is up to you");
    expect(receipt!.text).not.toMatch(/\$\s?\d/);
    const page = await donorPage("lab.friend@example.com");
    expect(lifetime(page)).toBe(0);
    expect(page).toContain("In-kind: Twelve laptops for the computer lab");
    expect(page).toContain("our estimate $3,600.00");
    expect(await giftsForYear(env, "lab.friend@example.com", 2026)).toHaveLength(0);
  });

  it("credits an employer match to the employee for recognition, never twice in the money total", async () => {
    const before = await raised();
    const employee = "eve.employee@example.com";
    await cardGift(employee, 5_000);
    await record({
      method: "check",
      checkNumber: "77001",
      amount: "50",
      donorEmail: "giving@acme-corp.example",
      donorName: "Acme Corp Matching Gifts",
      softCreditEmail: employee,
      softCreditName: "Eve Employee",
      softCreditKind: "employer_match",
    });
    expect(await raised()).toBe(before + 100);
    const page = await donorPage(employee);
    expect(lifetime(page)).toBe(50);
    expect(recognition(page)).toBe(100);
    expect(page).toContain("paid by Acme Corp Matching Gifts");
    // The match is on the employer's statement only.
    expect(await giftsForYear(env, employee, 2026)).toHaveLength(1);
    expect(await giftsForYear(env, "giving@acme-corp.example", 2026)).toHaveLength(1);
    // The export names the method, the cheque and whom the gift is also credited to.
    const [row] = await exported("giving@acme-corp.example");
    expect(row).toMatchObject({
      method: "check",
      check_number: "77001",
      amount: "50.00",
      status: "succeeded",
      soft_credits: "Eve Employee <eve.employee@example.com> (employer_match)",
    });
  });

  it("keeps every change and the void of a recorded gift in its history; a void counts nothing", async () => {
    const email = "edit.me@example.com";
    const id = await record({
      method: "cash",
      amount: "40",
      donorEmail: email,
      donorName: "Ed It",
      sendReceipt: "",
    });
    expect(await db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(0);
    const before = await raised();
    const changed = await post(`/admin/donations/${id}/change`, {
      intent: "edit",
      method: "cash",
      donorEmail: email,
      donorName: "Ed It",
      locale: "en",
      receivedOn: "2026-03-02",
      amount: "45",
      note: "Counted twice at the gala",
    });
    expect(changed.status).toBe(200);
    expect(await raised()).toBe(before + 5);
    expect(
      (await post(`/admin/donations/${id}/change`, { intent: "void", reason: "Entered twice" })).status,
    ).toBe(200);
    expect(await raised()).toBe(before - 40);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "donation"), eq(auditLog.targetId, id)))
      .orderBy(asc(auditLog.createdAt), sql`rowid`);
    expect(audit.map((row) => row.action)).toEqual(["donation.record", "donation.edit", "donation.void"]);
    expect(audit[1]!.detail).toMatchObject({ changes: { amountCents: { before: 4000, after: 4500 } } });
    const history = shown(await (await get(`/admin/donations/${id}/change?lng=en`)).text());
    expect(history).toContain("Amount (US dollars): $40.00 → $45.00");
    expect(history).toContain("Status: Succeeded → Voided");
    // The export keeps the voided gift, marked, with its note.
    expect(await exported(email)).toMatchObject([
      { status: "voided", method: "cash", amount: "45.00", note: "Counted twice at the gala" },
    ]);
  });

  it("names a donor-advised fund's sponsor on the receipt", async () => {
    const id = await record({
      method: "daf",
      dafSponsor: "Fidelity Charitable",
      amount: "500",
      donorEmail: "daf.advisor@example.com",
      donorName: "Dana Advisor",
    });
    const [receipt] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.id, `receipt-${id}`));
    expect(receipt!.text).toContain("Given by: a grant from a donor-advised fund (Fidelity Charitable)");
  });

  it("refuses a bad gift with a message per field and keeps what was typed", async () => {
    const response = await post("/admin/donations/new?lng=en", {
      method: "check",
      receivedOn: "2026-03-02",
      amount: "twelve",
      donorEmail: "someone@example.com",
      donorName: "Some One",
      locale: "en",
      designation: "Summer camp",
    });
    expect(response.status).toBe(400);
    const page = shown(await response.text());
    expect(page).toContain("Enter an amount in dollars greater than zero");
    expect(page).toMatch(/id="checkNumber"[^>]*aria-invalid="true"/);
    expect(page).toContain('value="Summer camp"');
    expect(page).toContain('value="twelve"');
  });

  it("reminds a donor who asked, once per instalment, a week before it is due, in two D1 queries", async () => {
    const email = "remind.me@example.com";
    expect(
      (
        await post("/admin/pledges/new", {
          donorEmail: email,
          donorName: "Remy Minder",
          locale: "en",
          amount: "400",
          instalments: "4",
          intervalMonths: "3",
          firstDueOn: "2027-01-10",
          remind: "on",
        })
      ).status,
    ).toBe(303);
    const weekBefore = new Date("2027-01-05T15:00:00Z");
    expect(await queuePledgeReminders(env, new Date("2026-12-20T15:00:00Z"))).toBe(0);
    const { result, count } = await countInvocation((counted) => queuePledgeReminders(counted, weekBefore));
    expect(result).toBeGreaterThanOrEqual(1);
    expect(count.d1Queries).toBeLessThanOrEqual(2);
    expect(await queuePledgeReminders(env, weekBefore)).toBe(0);
    const mails = await db.select().from(outbox).where(eq(outbox.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your pledge: the next instalment of $100 is due January 10, 2027");
  });

  it("keeps where a gift came from (utm and the referring site of the landing page, no cookie) and totals it per campaign", async () => {
    const landing = await fetchPage(
      "/donate?lng=en&utm_source=newsletter&utm_medium=email&utm_campaign=spring-appeal",
      {
        headers: { Referer: "https://mail.example.net/inbox" },
      },
    );
    expect(landing.headers.get("Set-Cookie") ?? "").not.toMatch(/utm|source/i);
    const hidden = (await landing.text()).match(/name="source" value="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(hidden).toBe(
      "utm_source=newsletter&utm_medium=email&utm_campaign=spring-appeal&referrer=mail.example.net",
    );
    // The field rides along the donate steps to Checkout, as the browser posts it back.
    await giveThroughCheckout({ email: "spring.donor@example.com", source: hidden! }, "198.51.100.77");
    const [attempt] = await db
      .select()
      .from(donationAttempts)
      .where(eq(donationAttempts.email, "spring.donor@example.com"));
    expect(attempt!.attribution).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring-appeal",
      referrer: "mail.example.net",
    });
    const [gift] = await db.select().from(donations).where(eq(donations.attemptId, attempt!.id));
    const giftPage = shown(await (await get(`/admin/donations/${gift!.id}?lng=en`)).text());
    expect(giftPage).toContain("utm_campaign=spring-appeal");
    const list = shown(await (await get("/admin/donations?lng=en")).text());
    expect(list.replace(/<!-- -->/g, "")).toContain("spring-appeal</span>: $50.00 from 1 gift<");
    expect(await exported("spring.donor@example.com")).toMatchObject([
      {
        method: "online",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "spring-appeal",
        referrer: "mail.example.net",
      },
    ]);
  });
});
