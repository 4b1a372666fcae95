import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { eventRegistrations } from "~/server/db/schema";
import { type EventForSale, getEventForSale } from "~/server/events/catalog.server";
import { eventAvailability, reserveSeats, startTicketCheckout } from "~/server/events/registrations.server";
import { readVisitorId } from "~/server/kernel/visitor-cookie.server";
import { cookieFrom } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm } from "./fetch";
import { stripeBase, stripeRequests } from "./stripe-checkout";

/**
 * Seats are held per address, not per cookie or e-mail (decision 046): the attack of 25 posts of
 * ten gala tickets from one address, each with a new cookie and a new e-mail.
 */

const db = getDb(env);
let counter = 0;
const next = () => ++counter;

/** What an attacker does for each post: a fresh cookie from the page, then the post with it. */
async function freshVisitor(address: string) {
  const page = await fetchPage("/events/gala/register", { headers: { "CF-Connecting-IP": address } });
  return cookieFrom(page.headers.get("Set-Cookie"));
}

async function heldSeats(slug: string) {
  const rows = await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventSlug, slug));
  return rows.filter((row) => row.status === "held").reduce((sum, row) => sum + row.quantity, 0);
}

describe("the per-address seat cap", () => {
  it("lets one address hold 10 gala seats whatever cookies and e-mails it uses, and a real buyer still buys", async () => {
    const attacker = "203.0.113.66";
    const before = await heldSeats("gala");
    const answers: { status: number; html: string }[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await postForm(
        "/events/gala/register",
        { name: "Seat Hoarder", email: `hoarder-${next()}@example.com`, quantity: "10" },
        { "CF-Connecting-IP": attacker, Cookie: await freshVisitor(attacker) },
      );
      answers.push({ status: response.status, html: response.status === 303 ? "" : await response.text() });
    }
    expect(await heldSeats("gala")).toBe(before + 10);
    expect(answers[0]!.status).toBe(303);
    for (const answer of answers.slice(1)) {
      expect(answer.status).toBe(429);
      expect(answer.html).toContain(
        "Your internet connection already holds as many seats as it may at once, so no more can be held right now.",
      );
      expect(answer.html).toContain('value="Seat Hoarder"');
    }
    const buyer = await postForm(
      "/events/gala/register",
      { name: "Real Buyer", email: `buyer-${next()}@example.com`, quantity: "2" },
      { "CF-Connecting-IP": "198.51.100.20", Cookie: await freshVisitor("198.51.100.20") },
    );
    expect(buyer.status).toBe(303);
    expect(new URL(buyer.headers.get("Location")!).origin).toBe(stripeBase);
  });

  it("counts an IPv6 /64 as one address, and another /64 apart", async () => {
    const gala = (await getEventForSale(env, "gala"))!;
    const first = await postForm(
      "/events/gala/register",
      { name: "Six", email: `six-${next()}@example.com`, quantity: "8" },
      { "CF-Connecting-IP": "2001:db8:aa:1::1" },
    );
    expect(first.status).toBe(303);
    const sameNetwork = await postForm(
      "/events/gala/register",
      { name: "Six", email: `six-${next()}@example.com`, quantity: "3" },
      { "CF-Connecting-IP": "2001:db8:aa:1:ffff:1:2:3" },
    );
    expect(sameNetwork.status).toBe(429);
    expect(await sameNetwork.text()).toContain("only 2 more seats can be held right now.");
    const otherNetwork = await postForm(
      "/events/gala/register",
      { name: "Six", email: `six-${next()}@example.com`, quantity: "3" },
      { "CF-Connecting-IP": "2001:db8:aa:2::1" },
    );
    expect(otherNetwork.status).toBe(303);
    expect((await eventAvailability(env, gala)).state).toBe("open");
  });

  it("frees the address's share when its seats are bought, and counts across events", async () => {
    const event = (fields: Partial<EventForSale>): EventForSale => ({
      slug: `cap-${next()}`,
      title: { en: "Cap", es: "Tope" },
      startsAt: new Date(Date.now() + 86_400_000 * 9).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000 * 9.1).toISOString(),
      capacity: 100,
      priceCents: 1_000,
      fairMarketValueCents: 0,
      valueDescription: { en: "", es: "" },
      seatsPerAddress: 10,
      place: { en: "Learning Center", es: "Centro de aprendizaje" },
      address: "125 West 125th Street, New York, NY 10027",
      ...fields,
    });
    const holder = `holder-${crypto.randomUUID()}`;
    const ask = (target: EventForSale, quantity: number) =>
      reserveSeats(env, target, {
        kind: "ticket",
        name: "N",
        email: `n-${next()}@example.com`,
        locale: "en",
        quantity,
        holder,
      });
    const one = event({});
    const two = event({});
    const held = await ask(one, 6);
    expect(held.ok).toBe(true);
    expect(await ask(two, 5)).toEqual({ ok: false, reason: "address-limit", seatsLeft: 4 });
    // Paid: no longer held, so the address may hold more.
    await db
      .update(eventRegistrations)
      .set({ status: "confirmed" })
      .where(eq(eventRegistrations.id, (held as { registration: { id: string } }).registration.id));
    expect((await ask(two, 5)).ok).toBe(true);
    // An event staff opened to a group takes more from one address.
    expect((await ask(event({ seatsPerAddress: 30 }), 20)).ok).toBe(true);
  });
});

describe("the hold", () => {
  it("asks Stripe for a 31-minute session and holds the seats until a minute after it ends", async () => {
    const event: EventForSale = {
      slug: `hold-${next()}`,
      title: { en: "Hold", es: "Reserva" },
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 90_000_000).toISOString(),
      capacity: 5,
      priceCents: 2_000,
      fairMarketValueCents: 0,
      valueDescription: { en: "", es: "" },
      seatsPerAddress: 10,
      place: { en: "Learning Center", es: "Centro de aprendizaje" },
      address: "125 West 125th Street, New York, NY 10027",
    };
    const email = `hold-${next()}@example.com`;
    const started = Math.floor(Date.now() / 1000);
    const order = await startTicketCheckout(
      env,
      event,
      { name: "H", email, locale: "en", quantity: 2, holder: `holder-${next()}` },
      ORIGIN,
    );
    expect(order.ok).toBe(true);
    const requests = await stripeRequests<{ customer_email?: string; expires_at?: string }>();
    const expiresAt = Number(
      requests.findLast((request) => request.body.customer_email === email)!.body.expires_at,
    );
    // Stripe's floor is 30 minutes from now; ours leaves a minute for clocks.
    expect(expiresAt - started).toBeGreaterThanOrEqual(31 * 60);
    expect(expiresAt - started).toBeLessThanOrEqual(31 * 60 + 5);
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));
    expect(Date.parse(row!.holdExpiresAt!)).toBe((expiresAt + 60) * 1000);
    // Still held while the buyer can pay; free once the session and its minute are over.
    expect((await eventAvailability(env, event, new Date((expiresAt - 1) * 1000))).seatsLeft).toBe(3);
    expect((await eventAvailability(env, event, new Date((expiresAt + 61) * 1000))).seatsLeft).toBe(5);
  });
});

describe("the visitor cookie", () => {
  it("is issued and signed by the server, and an id the browser chose is not counted", async () => {
    const page = await fetchPage("/events/gala/register");
    const cookie = cookieFrom(page.headers.get("Set-Cookie"));
    expect(cookie).toMatch(/^visitor=[\w-]+\.[\w-]+$/);
    const signed = new Request(ORIGIN, { headers: { Cookie: cookie } });
    expect(await readVisitorId(env, signed)).toMatch(/^[0-9a-f-]{36}$/);
    // The old cookie format, an id of the client's choosing, and a signature moved to another id.
    const [, signature] = cookie.split(".");
    for (const forged of [
      "visitor=attacker-chosen-id-0001",
      `visitor=${crypto.randomUUID()}`,
      `visitor=eyJwIjoidmlzaXRvciJ9.${signature}`,
    ]) {
      expect(await readVisitorId(env, new Request(ORIGIN, { headers: { Cookie: forged } }))).toBeNull();
      // The page answers a forged id with a real one.
      const again = await fetchPage("/events/gala/register", { headers: { Cookie: forged } });
      expect(again.headers.get("Set-Cookie")).toMatch(/^visitor=[\w-]+\.[\w-]+;/);
    }
    expect(
      (await fetchPage("/events/gala/register", { headers: { Cookie: cookie } })).headers.get("Set-Cookie"),
    ).toBeNull();
  });
});
