import { describe, expect, it } from "vitest";
import { campaignYear } from "~/content/figures";
import { userWithSession } from "./auth-helpers";
import { fetchPage } from "./fetch";
import { SEED_CAMPAIGN } from "./seed-facts";
import { chargeRefunded, donationAttempt, invoicePaid, signedWebhook } from "./stripe-webhook";

/** The amount a page shows, in dollars ("$1,234.50" → 1234.5), whatever its number of decimals. */
const dollars = (html: string, pattern: RegExp) => Number(html.match(pattern)?.[1]?.replace(/,/g, ""));

// Its own file, so its own database: only the gifts below exist.
describe("the campaign goal", () => {
  it("is the same figure on the public bar and the admin overview, counting only the campaign period, net of refunds", async () => {
    const subscription = {
      id: "sub_goal",
      customer: "cus_goal",
      attemptId: await donationAttempt({
        email: "goal@example.com",
        amountCents: 12_000,
        frequency: "monthly",
      }),
    };
    const start = Date.parse(SEED_CAMPAIGN.startsAt) / 1000;
    const end = Date.parse(SEED_CAMPAIGN.endsAt) / 1000;
    const inside = invoicePaid(subscription, 12_000, { paidAt: start + 86_400, first: true });
    const refunded = invoicePaid(subscription, 10_000, { paidAt: start + 2 * 86_400 });
    const before = invoicePaid(subscription, 50_000, { paidAt: start - 3600 });
    const after = invoicePaid(subscription, 70_000, { paidAt: end + 3600 });
    for (const event of [
      inside.event,
      refunded.event,
      chargeRefunded(refunded.paymentIntent, 10_000, 3000),
      before.event,
      after.event,
    ])
      expect((await signedWebhook(event)).status).toBe(200);

    const expected = 190; // 120 + (100 − 30); the gifts paid before and after the period do not count
    const publicPage = await (await fetchPage("/donate?lng=en")).text();
    expect(publicPage).toContain(`Our ${campaignYear(SEED_CAMPAIGN)} goal`);
    expect(dollars(publicPage, /\$([\d,.]+) raised of \$50,000/)).toBe(expected);
    const give = await (await fetchPage("/give?lng=en")).text();
    expect(dollars(give, /\$([\d,.]+) raised of \$50,000/)).toBe(expected);

    const { cookie } = await userWithSession("goal-admin@example.com", "ADMIN");
    const admin = await (await fetchPage("/admin?lng=en", { headers: { Cookie: cookie } })).text();
    expect(admin).toContain(`Progress to the ${campaignYear(SEED_CAMPAIGN)} goal of $50,000`);
    expect(dollars(admin, /\$([\d,.]+) raised, \d+% of \$50,000/)).toBe(expected);
    // The list of gifts says which one was refunded in part, and by how much.
    const list = await (await fetchPage("/admin/donations?lng=en", { headers: { Cookie: cookie } })).text();
    expect(list).toContain("$30.00 refunded");
  });
});
