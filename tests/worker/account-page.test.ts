import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newYorkTimeToUtc } from "~/lib/format";
import { periodStarts } from "~/server/admin/common.server";
import { givingTotals } from "~/server/admin/donations.server";
import { getDb } from "~/server/db/client.server";
import { donations, outbox, recurringGifts, submissions, subscribers } from "~/server/db/schema";
import { cookieFrom, PASSWORD, userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";
import { SEED_FACTS } from "./seed-facts";

const gift = (id: string, fields: Partial<typeof donations.$inferInsert>) => ({
  id,
  frequency: "one-time" as const,
  amountCents: 1000,
  status: "succeeded" as const,
  donorName: "Someone",
  donorEmail: "someone@example.com",
  locale: "en",
  ...fields,
});

/** What the page shows, not the copy it carries for hydration (which names every form kind). */
const shownText = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");

describe("/account", () => {
  it("sends a visitor to log in", async () => {
    const response = await fetchPage("/account");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
  });

  it("shows the person's own gifts, submissions and newsletter choice, and nobody else's", async () => {
    const { user, cookie } = await userWithSession("donor@example.com", "USER", "Dora Donor");
    const db = getDb(env);
    await db.insert(donations).values([
      gift("g1", { donorEmail: "donor@example.com", amountCents: 12_345 }),
      gift("g2", {
        donorEmail: "other-address@example.com",
        userId: user.id,
        amountCents: 6_789,
        frequency: "monthly",
      }),
      gift("g3", { donorEmail: "stranger@example.com", amountCents: 99_999 }),
    ]);
    await db.insert(submissions).values([
      {
        id: "s1",
        kind: "volunteer",
        locale: "en",
        name: "Dora",
        email: "donor@example.com",
        payload: {},
        idempotencyKey: "a",
      },
      {
        id: "s2",
        kind: "fundraising-team",
        locale: "en",
        name: "Stranger",
        email: "stranger@example.com",
        payload: {},
        idempotencyKey: "b",
      },
    ]);
    await db
      .insert(subscribers)
      .values({ id: "n1", email: "donor@example.com", locale: "en", status: "confirmed" });

    const response = await fetchPage("/account", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    // What the page shows, not the copy it carries for hydration (which names every form kind).
    const html = (await response.text()).replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");
    expect(html).toContain("$123.45");
    expect(html).toContain("$67.89");
    expect(html).not.toContain("$999.99");
    expect(html).toContain("Volunteer");
    expect(html).not.toContain("Fundraising team");
    expect(html).toContain("You receive the newsletter.");

    const unsubscribe = await postForm("/account", { intent: "unsubscribe" }, { Cookie: cookie });
    expect(unsubscribe.status).toBe(200);
    const [row] = await db.select().from(subscribers).where(eq(subscribers.id, "n1"));
    expect(row!.status).toBe("unsubscribed");
  });

  it("an account signed up on a stranger's e-mail sees and does nothing with their history until the link is followed", async () => {
    const db = getDb(env);
    const victim = "family@example.com";
    await db.insert(donations).values(gift("v1", { donorEmail: victim, amountCents: 10_000 }));
    await db.insert(submissions).values({
      id: "v2",
      kind: "enrollment",
      locale: "en",
      name: "Family",
      email: victim,
      payload: {},
      idempotencyKey: "v2",
    });
    await db.insert(subscribers).values({ id: "v3", email: victim, locale: "en", status: "confirmed" });

    const address = { "CF-Connecting-IP": "203.0.113.50" };
    const signup = await postForm("/signup", { name: "Mallory", email: victim, password: PASSWORD }, address);
    expect(signup.status).toBe(200);
    expect(signup.headers.get("Set-Cookie")).toBeNull();
    // Signing in with the password chosen at signup works, but shows nothing tied to the address.
    const login = await postForm("/login", { email: victim, password: PASSWORD }, address);
    expect(login.status).toBe(302);
    const cookie = cookieFrom(login.headers.get("Set-Cookie"));
    const before = await fetchPage("/account", { headers: { Cookie: cookie } });
    expect(before.status).toBe(200);
    const beforeHtml = shownText(await before.text());
    expect(beforeHtml).toContain("Confirm your e-mail address");
    expect(beforeHtml).toContain("Send the link again");
    for (const hidden of [
      "$100.00",
      "Enrollment",
      "You receive the newsletter.",
      "E-mail me this receipt",
      "Unsubscribe</button>",
    ]) {
      expect(beforeHtml).not.toContain(hidden);
    }

    const receipt = await postForm("/account", { intent: "receipt", donationId: "v1" }, { Cookie: cookie });
    expect(receipt.status).toBe(403);
    expect(await db.select().from(outbox).where(eq(outbox.template, "donation.receipt-copy"))).toEqual([]);
    const unsubscribe = await postForm("/account", { intent: "unsubscribe" }, { Cookie: cookie });
    expect(unsubscribe.status).toBe(403);
    const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.id, "v3"));
    expect(subscriber!.status).toBe("confirmed");

    // Asking for the link again is limited: signup sent one, two more an hour.
    for (const expected of [200, 200, 429]) {
      const resend = await postForm("/account", { intent: "resend-verification" }, { Cookie: cookie });
      expect(resend.status).toBe(expected);
    }
    const links = (await db.select().from(outbox).where(eq(outbox.to, victim))).filter(
      (row) => row.template === "account.verify-email",
    );
    expect(links).toHaveLength(3);

    // Whoever reads the mailbox and knows the password (the real owner of both) verifies.
    const token = /verify-email\?token=([\w.-]+)/.exec(links.at(-1)!.text)![1]!;
    const verified = await postForm("/verify-email", { token, password: PASSWORD }, address);
    expect(verified.status).toBe(302);
    const after = shownText(
      await (
        await fetchPage("/account", { headers: { Cookie: cookieFrom(verified.headers.get("Set-Cookie")) } })
      ).text(),
    );
    expect(after).toContain("$100.00");
    expect(after).toContain("Enrollment");
    expect(after).toContain("You receive the newsletter.");
    expect(after).not.toContain("Send the link again");
  });

  it("e-mails a copy of the person's own receipt, and refuses someone else's gift", async () => {
    const { cookie } = await userWithSession("receipts@example.com", "USER", "Rita Receipt");
    const db = getDb(env);
    // Paid long ago, so the overview figures tested below stay about this year.
    await db.insert(donations).values([
      gift("r1", {
        donorEmail: "receipts@example.com",
        amountCents: 5_000,
        paidAt: "2020-03-01T15:00:00.000Z",
      }),
      gift("r2", {
        donorEmail: "stranger@example.com",
        amountCents: 7_000,
        paidAt: "2020-03-01T15:00:00.000Z",
      }),
    ]);

    const html = await (await fetchPage("/account", { headers: { Cookie: cookie } })).text();
    expect(html).toContain("E-mail me this receipt");

    const sent = await postForm("/account", { intent: "receipt", donationId: "r1" }, { Cookie: cookie });
    expect(sent.status).toBe(200);
    const [copy] = await db.select().from(outbox).where(eq(outbox.template, "donation.receipt-copy"));
    expect(copy!.to).toBe("receipts@example.com");
    expect(copy!.text).toContain("$50");
    expect(copy!.text).toContain(SEED_FACTS.ein);

    const refused = await postForm("/account", { intent: "receipt", donationId: "r2" }, { Cookie: cookie });
    expect(refused.status).toBe(404);
    expect(await db.select().from(outbox).where(eq(outbox.template, "donation.receipt-copy"))).toHaveLength(
      1,
    );
  });
});

describe("admin overview figures", () => {
  it("finds the start of the month and year in New York time", () => {
    expect(newYorkTimeToUtc("2026-01-01").toISOString()).toBe("2026-01-01T05:00:00.000Z");
    expect(newYorkTimeToUtc("2026-07-01").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    // 1 a.m. UTC on 1 December is still November in New York.
    expect(periodStarts(new Date("2026-12-01T01:00:00Z"))).toEqual({
      month: "2026-11-01T04:00:00.000Z",
      year: "2026-01-01T05:00:00.000Z",
    });
  });

  it("counts succeeded gifts this month and year, and active monthly gifts", async () => {
    const db = getDb(env);
    const now = new Date();
    const starts = periodStarts(now);
    const beforeMonth = new Date(Date.parse(starts.month) - 60_000).toISOString();
    await db.insert(donations).values([
      gift("t1", { amountCents: 5_000, paidAt: now.toISOString() }),
      gift("t2", { amountCents: 7_000, paidAt: now.toISOString(), status: "refunded" }),
      gift("t3", {
        amountCents: 2_000,
        paidAt: starts.year < beforeMonth ? beforeMonth : now.toISOString(),
      }),
      gift("t4", { amountCents: 9_000, paidAt: "2000-01-01T00:00:00.000Z" }),
    ]);
    await db.insert(recurringGifts).values([
      {
        id: "r1",
        stripeSubscriptionId: "sub_1",
        stripeCustomerId: "c",
        amountCents: 2_500,
        donorName: "A",
        donorEmail: "a@example.com",
        locale: "en",
      },
      {
        id: "r2",
        stripeSubscriptionId: "sub_2",
        stripeCustomerId: "c",
        amountCents: 4_000,
        status: "canceled",
        donorName: "B",
        donorEmail: "b@example.com",
        locale: "en",
      },
    ]);
    const totals = await givingTotals(env, now);
    expect(totals.yearCents).toBeGreaterThanOrEqual(7_000);
    expect(totals.yearCents - totals.monthCents).toBe(starts.year < beforeMonth ? 2_000 : 0);
    expect(totals.recurringCents).toBe(2_500);
    expect(totals.recurringCount).toBe(1);
  });
});

describe("admin lists paginate on the server", () => {
  it("shows 25 a page, with links that name a row and keep showing the same rows", async () => {
    const { cookie } = await userWithSession("pager@example.org", "ADMIN");
    const db = getDb(env);
    const person = (index: number) => ({
      id: `p${index}`,
      kind: "contact" as const,
      locale: "en",
      name: `Pager Person ${String(index).padStart(2, "0")}`,
      email: `p${index}@example.com`,
      payload: {},
      idempotencyKey: `p${index}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
    });
    // One insert each: D1 allows 100 bound values per statement.
    const rows = Array.from({ length: 30 }, (_, index) => person(index));
    await db.batch([
      db.insert(submissions).values(rows[0]!),
      ...rows.slice(1).map((row) => db.insert(submissions).values(row)),
    ]);
    const page = async (path: string) => {
      const html = await (await fetchPage(path, { headers: { Cookie: cookie } })).text();
      const link = (name: string) =>
        new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${name}</a>`).exec(html)?.[1]?.replaceAll("&amp;", "&");
      return {
        people: [...html.matchAll(/Pager Person (\d\d)</g)].map((match) => Number(match[1])),
        links: { newest: link("Newest"), newer: link("Newer"), older: link("Older"), oldest: link("Oldest") },
        html,
      };
    };
    const newest = await page("/admin/submissions?q=Pager");
    expect(newest.people).toEqual(Array.from({ length: 25 }, (_, i) => 29 - i));
    expect(newest.html).toContain("30 results");
    expect(newest.links).toEqual({
      newest: undefined,
      newer: undefined,
      older: expect.stringMatching(/^\/admin\/submissions\?q=Pager&older=2026-01-01T00%3A05%3A00.000Z_p5$/),
      oldest: "/admin/submissions?q=Pager&oldest=1",
    });

    const older = await page(newest.links.older!);
    expect(older.people).toEqual([4, 3, 2, 1, 0]);
    expect(older.links.older).toBeUndefined();
    expect(older.links.oldest).toBeUndefined();
    expect(older.links.newest).toBe("/admin/submissions?q=Pager");

    // A new submission arrives: the link still shows the rows it showed, not ones shifted by one.
    await db.insert(submissions).values(person(30));
    expect((await page(newest.links.older!)).people).toEqual([4, 3, 2, 1, 0]);

    const newer = await page(older.links.newer!);
    expect(newer.people).toEqual(Array.from({ length: 25 }, (_, i) => 29 - i));
    expect(newer.links.newer).toBeDefined();

    const oldest = await page(newest.links.oldest!);
    expect(oldest.people).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i));
    expect(oldest.links.older).toBeUndefined();
    expect((await page(oldest.links.newer!)).people).toEqual([30, 29, 28, 27, 26, 25]);

    // A key that is not one (typed by hand, cut short) is the newest page, never an error.
    expect((await page("/admin/submissions?q=Pager&older=yesterday")).people[0]).toBe(30);
    // Nine pages through the real Worker: more than a test's default time on a busy machine.
  }, 300_000);
});
