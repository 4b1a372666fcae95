import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { donationTotals, monthlyUpsellCents, processingFeeCents } from "~/lib/donation";
import { formatMoney } from "~/lib/format";
import { getDb } from "~/server/db/client.server";
import { donationAttempts, outbox } from "~/server/db/schema";
import { visitorCookieHeader } from "~/server/kernel/visitor-cookie.server";
import { cookieFrom } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm } from "./fetch";
import { stripeBase, stripeEvents, stripeRequests } from "./stripe-checkout";
import { signedWebhook } from "./stripe-webhook";

/** Fewer lost gifts (decision 024): the monthly offer, recovery e-mails, room-friendly limits, one total. */

const db = getDb(env);
let counter = 0;
const next = () => ++counter;
const address = () => `203.0.113.${next()}`;
/** A visitor cookie as the server issues it (signed, decision 046): one browser. */
const browser = async () => cookieFrom(await visitorCookieHeader(env, new Request(ORIGIN)));

type CheckoutRequestBody = Record<string, unknown> & {
  mode: string;
  customer_email: string;
  line_items: { price_data: { unit_amount: string; recurring?: unknown } }[];
  after_expiration?: { recovery?: { enabled?: string } };
  metadata: Record<string, string>;
};

async function checkoutRequestFor(email: string): Promise<CheckoutRequestBody | undefined> {
  const requests = await stripeRequests<CheckoutRequestBody>();
  return requests.findLast(
    (request) => request.path === "/v1/checkout/sessions" && request.body.customer_email === email,
  )?.body;
}

function gift(fields: Record<string, string> = {}) {
  return {
    frequency: "one-time",
    amount: "10000",
    customAmount: "",
    firstName: "Ana",
    lastName: "Lopez",
    email: `gift-${next()}@example.com`,
    phone: "",
    ...fields,
  };
}

const paymentStep = (fields: Record<string, string>, headers: Record<string, string>, intent = "") =>
  postForm("/donate", { ...fields, step: "payment", ...(intent ? { intent } : {}) }, headers);

describe("the monthly offer before paying", () => {
  it("computes one monthly figure: a third, to the nearest $5, never under $5", () => {
    expect(monthlyUpsellCents(10_000)).toBe(3_500);
    expect(monthlyUpsellCents(5_000)).toBe(1_500);
    expect(monthlyUpsellCents(25_000)).toBe(8_500);
    expect(monthlyUpsellCents(500)).toBe(500);
  });

  it("offers a one-time donor the monthly figure; yes makes the Checkout monthly at that figure", async () => {
    const headers = { "CF-Connecting-IP": address() };
    const fields = gift();
    // Step 2's Next lands on the payment step, where the offer is.
    const atPayment = await postForm("/donate", { ...fields, step: "details" }, headers);
    const html = await atPayment.text();
    expect(html).toContain("Give $35 monthly instead?");
    expect(html).toContain('data-testid="monthly-offer"');

    const accepted = await paymentStep(fields, headers, "upsell-accept");
    expect(accepted.status).toBe(200);
    const acceptedHtml = await accepted.text();
    expect(acceptedHtml).toContain("Your gift is now $35 a month.");
    expect(acceptedHtml).toContain("$35 / month");
    expect(acceptedHtml).not.toContain('data-testid="monthly-offer"');
    // The carried values are now the monthly gift; Pay opens a subscription for $35.
    const carried = Object.fromEntries(
      [...acceptedHtml.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(carried).toMatchObject({
      frequency: "monthly",
      amount: "custom",
      customAmount: "35",
      upsell: "accepted",
    });
    const paid = await paymentStep({ ...fields, ...carried }, headers, "pay");
    expect(paid.status).toBe(303);
    const created = await checkoutRequestFor(fields.email);
    expect(created?.mode).toBe("subscription");
    expect(created?.line_items[0]!.price_data.unit_amount).toBe("3500");
  });

  it("is declined in one tap and the gift stays one-time", async () => {
    const headers = { "CF-Connecting-IP": address() };
    const fields = gift({ amount: "custom", customAmount: "60", coverFee: "on" });
    const declined = await paymentStep(fields, headers, "upsell-decline");
    const html = await declined.text();
    // (The page's translations travel in the HTML, so the offer's box is what must be absent.)
    expect(html).not.toContain('data-testid="monthly-offer"');
    expect(html).toContain('name="upsell" value="declined"');
    const paid = await paymentStep({ ...fields, upsell: "declined" }, headers, "pay");
    expect(paid.status).toBe(303);
    const created = await checkoutRequestFor(fields.email);
    expect(created?.mode).toBe("payment");
    expect(created?.line_items[0]!.price_data.unit_amount).toBe(String(6000 + processingFeeCents(6000)));
  });

  it("names the monthly total with a covered fee, and makes no offer to a monthly donor", async () => {
    const headers = { "CF-Connecting-IP": address() };
    const withFee = await (await paymentStep(gift({ coverFee: "on" }), headers)).text();
    expect(withFee).toContain(formatMoney(3_500 + processingFeeCents(3_500), "en"));
    const monthly = await (await paymentStep(gift({ frequency: "monthly" }), headers)).text();
    expect(monthly).not.toContain('data-testid="monthly-offer"');
  });
});

describe("recovering an abandoned Checkout", () => {
  async function expire(sessionUrl: string) {
    const sessionId = new URL(sessionUrl).pathname.split("/").pop()!;
    const expired = await fetch(`${stripeBase}/v1/checkout/sessions/${sessionId}/expire`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
    });
    expect(expired.status).toBe(200);
    const events = await stripeEvents();
    return events.findLast(
      (event) =>
        event.type === "checkout.session.expired" && (event.data.object as { id: string }).id === sessionId,
    )!;
  }

  it("e-mails Stripe's recovery link once, only to a donor who agreed", async () => {
    const fields = gift({ recoveryConsent: "on" });
    const response = await paymentStep(fields, { "CF-Connecting-IP": address() }, "pay");
    expect(response.status).toBe(303);
    expect((await checkoutRequestFor(fields.email))?.after_expiration?.recovery?.enabled).toBe("true");
    const event = await expire(response.headers.get("Location")!);
    expect((await signedWebhook(event)).status).toBe(200);
    // The same expiry delivered again (a new event id) queues nothing more.
    expect((await signedWebhook({ ...event, id: `${event.id}_again` })).status).toBe(200);
    const mails = await db.select().from(outbox).where(eq(outbox.to, fields.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe("donation.recovery");
    const url = (event.data.object as { after_expiration: { recovery: { url: string } } }).after_expiration
      .recovery.url;
    expect(mails[0]!.text).toContain(url);
    expect(mails[0]!.text).toContain("$100");
    // The link opens a new payment page for the same gift.
    const recovered = await fetch(url, { redirect: "manual" });
    expect(recovered.status).toBe(303);
    expect(recovered.headers.get("Location")).toMatch(/\/pay\/cs_/);
    const [attempt] = await db
      .select()
      .from(donationAttempts)
      .where(eq(donationAttempts.email, fields.email));
    expect(attempt).toMatchObject({ status: "expired", recoveryConsent: true });
  });

  it("sends nothing and asks Stripe for no recovery link without the donor's agreement", async () => {
    const fields = gift({ locale: "es" });
    const response = await paymentStep(fields, { "CF-Connecting-IP": address() }, "pay");
    expect((await checkoutRequestFor(fields.email))?.after_expiration).toBeUndefined();
    expect((await signedWebhook(await expire(response.headers.get("Location")!))).status).toBe(200);
    expect(await db.select().from(outbox).where(eq(outbox.to, fields.email))).toHaveLength(0);
  });
});

describe("the Checkout limit", () => {
  it("gives a browser its visitor cookie with the first step's answer, not with the cacheable page", async () => {
    const page = await fetchPage("/donate");
    expect(page.headers.get("Set-Cookie") ?? "").not.toMatch(/visitor=/);
    const step = await postForm("/donate", { ...gift(), step: "details" }, { "CF-Connecting-IP": address() });
    expect(step.headers.get("Set-Cookie")).toMatch(
      /^visitor=[\w-]+\.[\w-]+; Path=\/; .*HttpOnly; SameSite=Lax/,
    );
  });

  it("lets 40 people behind one address each start a Checkout", async () => {
    const headers = { "CF-Connecting-IP": "192.0.2.40" };
    const statuses: number[] = [];
    for (let person = 0; person < 40; person++) {
      const response = await paymentStep(
        gift({ email: `guest-${person}@example.com` }),
        { ...headers, Cookie: await browser() },
        "pay",
      );
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 303)).toHaveLength(40);
  });

  it("refuses one browser after 3 attempts in 5 minutes, whatever the address", async () => {
    const cardTester = await browser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await paymentStep(
        gift(),
        { "CF-Connecting-IP": address(), Cookie: cardTester },
        "pay",
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3)).toEqual([303, 303, 303]);
    expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
  });

  it("refuses one e-mail after 10 sessions in an hour, and one address past its ceiling", async () => {
    const email = `tester-${next()}@example.com`;
    const byEmail: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await paymentStep(gift({ email }), { "CF-Connecting-IP": address() }, "pay");
      byEmail.push(response.status);
    }
    expect(byEmail.filter((status) => status === 303)).toHaveLength(10);
    expect(byEmail.slice(10)).toEqual([429, 429]);

    const headers = { "CF-Connecting-IP": "192.0.2.99" };
    const byAddress: number[] = [];
    for (let attempt = 0; attempt < 62; attempt++) {
      const response = await paymentStep(gift(), { ...headers, Cookie: await browser() }, "pay");
      byAddress.push(response.status);
    }
    expect(byAddress.filter((status) => status === 303)).toHaveLength(60);
    expect(byAddress.slice(60)).toEqual([429, 429]);
  });
});

describe("the total shown is the total charged", () => {
  const totalOnPage = (html: string, testId: string) =>
    new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? "";

  it("agrees across amounts, with and without the covered fee, on the live total, the summary and Checkout", async () => {
    const amounts = ["5", "12.34", "50", "99.99", "100", "3333.33", "50000"];
    for (const customAmount of amounts)
      for (const coverFee of ["on", ""]) {
        const headers = { "CF-Connecting-IP": address() };
        const fields = gift({ amount: "custom", customAmount, coverFee });
        const { totalCents } = donationTotals(fields);
        // Step 1 again (Back from step 2): the live total under the fee box.
        const amountStep = await (
          await postForm("/donate", { ...fields, step: "details", intent: "back" }, headers)
        ).text();
        const summary = await (await paymentStep(fields, headers)).text();
        const paid = await paymentStep({ ...fields, upsell: "declined" }, headers, "pay");
        expect(paid.status).toBe(303);
        const charged = Number(
          (await checkoutRequestFor(fields.email))!.line_items[0]!.price_data.unit_amount,
        );
        expect(charged).toBe(totalCents);
        expect(totalOnPage(amountStep, "live-total")).toBe(`Total: ${formatMoney(charged, "en")}`);
        expect(totalOnPage(summary, "donation-total")).toBe(formatMoney(charged, "en"));
      }
  });
});
