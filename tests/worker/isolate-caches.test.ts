import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SEED_CAMPAIGN } from "./seed-facts";
import { fetchPage } from "./fetch";
import { donationAttempt, oneTimeCompleted, signedWebhook } from "./stripe-webhook";

/** The amount a page shows, in dollars ("$1,234.50" → 1234.5). */
const raised = (html: string) => Number(html.match(/\$([\d,.]+) raised of/)?.[1]?.replace(/,/g, ""));
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

afterEach(() => vi.useRealTimers());

// Its own file, so its own isolate state, database and KV.
describe("what an isolate keeps between requests (decision 027)", () => {
  it("reads the copy's version from KV at most every 30 s: an edit made elsewhere shows within 30 s", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    expect(await (await fetchPage("/?lng=es")).text()).toContain("Inicio");
    // An edit saved by another isolate: the row in D1 and the version in KV, not this isolate's memory.
    await env.DB.prepare(
      "INSERT INTO translation_overrides (locale, namespace, key, value) VALUES ('es', 'common', 'nav.home', 'Portada')",
    ).run();
    await env.CACHE.put("translations:version", "elsewhere");
    later(5_000);
    expect(await (await fetchPage("/?lng=es")).text()).not.toContain("Portada");
    later(30_000);
    expect(await (await fetchPage("/?lng=es")).text()).toContain("Portada");
  });

  it("counts the goal once a minute, and again at once after a gift recorded here", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse(SEED_CAMPAIGN.startsAt);
    const before = raised(await (await fetchPage("/donate?lng=en")).text());

    // A row written behind this isolate's back is not counted until the minute is over…
    await env.DB.prepare(
      "INSERT INTO donations (id, frequency, amount_cents, currency, status, donor_name, donor_email, locale, paid_at) VALUES ('behind', 'one-time', 5000, 'usd', 'succeeded', 'A', 'behind@example.com', 'en', ?)",
    )
      .bind(new Date(start + 86_400_000).toISOString())
      .run();
    expect(raised(await (await fetchPage("/donate?lng=en")).text())).toBe(before);
    later(61_000);
    expect(raised(await (await fetchPage("/donate?lng=en")).text())).toBe(before + 50);

    // …while a gift recorded by this isolate shows on the next view.
    const shown = raised(await (await fetchPage("/donate?lng=en")).text());
    const attemptId = await donationAttempt({
      email: "here@example.com",
      amountCents: 2_500,
      frequency: "one-time",
    });
    expect((await signedWebhook(oneTimeCompleted(attemptId, 2_500).event)).status).toBe(200);
    expect(raised(await (await fetchPage("/donate?lng=en")).text())).toBe(shown + 25);
  });
});
