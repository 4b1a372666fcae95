import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, eventRegistrations, outbox, paymentAdjustments } from "~/server/db/schema";
import { getEventForSale } from "~/server/events/catalog.server";
import { buildRsvpLinkEmail, buildTicketReceiptEmail } from "~/server/events/mail.server";
import { formatMoneyWithCents } from "~/lib/format";
import { eventAvailability } from "~/server/events/registrations.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";
import { payOnStripe, stripeRequests } from "./stripe-checkout";

/**
 * RSVPs an attacker cannot flood, staff cancelling from the attendee list, mails that carry
 * nothing typed, and admin pages over more paid orders than D1 binds parameters (decision 046).
 */

const db = getDb(env);
let counter = 0;
const next = () => ++counter;
const from = (address: string) => ({ "CF-Connecting-IP": address });
const HOSTILE_NAME = "URGENT: account locked, call 1-900-555-0100 or visit evil.example/verify";

/** The confirmation link of the newest RSVP mail to `email`, as a path and query. */
async function rsvpLink(email: string) {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, "event.rsvp")))
    .orderBy(desc(outbox.createdAt));
  const url = new URL(/https:\/\/example\.org\/events\/\S+rsvp=\S+/.exec(mail!.text)![0]);
  return { path: url.pathname + url.search, token: url.searchParams.get("rsvp")!, mail: mail! };
}

async function confirm(email: string) {
  const { path, token } = await rsvpLink(email);
  const page = await (await fetchPage(path)).text();
  expect(page).toContain('name="intent" value="confirm-rsvp"');
  return postForm(path, { intent: "confirm-rsvp", token });
}

const rsvp = (slug: string, email: string, quantity: number, address: string, name = "Rosa Díaz") =>
  postForm(`/events/${slug}/register`, { name, email, quantity: String(quantity) }, from(address));

/**
 * The cancel button of an attendee row on /admin/registrations/:slug, then the "Yes" of the
 * question it asks, as a browser without JavaScript posts them.
 */
/** The table row of an attendee list page that shows `text`. */
const rowOf = (html: string, text: string) => html.split("<tr").find((row) => row.includes(text)) ?? "";

const askToCancel = (slug: string, registration: string, cookie: string) =>
  postForm(`/admin/registrations/${slug}`, { registration }, { Cookie: cookie });
const cancelFromList = (slug: string, registration: string, cookie: string) =>
  postForm(`/admin/registrations/${slug}`, { registration, confirm: "yes" }, { Cookie: cookie });

describe("RSVPs", () => {
  it("take no seat until the e-mailed link is followed, so 4 posts of 10 no longer fill a 40-seat event", async () => {
    const event = (await getEventForSale(env, "volunteerTraining"))!;
    expect(event.capacity).toBe(40);
    for (let post = 0; post < 4; post++) {
      const answer = await rsvp(
        "volunteerTraining",
        `flood-${next()}@example.com`,
        10,
        `192.0.2.${10 + post}`,
      );
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("follow the link we sent to");
    }
    expect(await eventAvailability(env, event)).toEqual({ state: "open", seatsLeft: 40 });

    const email = `family-${next()}@example.com`;
    await rsvp("volunteerTraining", email, 3, "192.0.2.20");
    const confirmed = await confirm(email);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Your RSVP for 3 people is confirmed.");
    expect(await eventAvailability(env, event)).toEqual({ state: "open", seatsLeft: 37 });
  });

  it("keeps one RSVP per e-mail and event: a second one changes the first once its link is followed", async () => {
    const email = `again-${next()}@Example.com`;
    await rsvp("basketballClinic", email, 2, "192.0.2.30");
    await confirm(email.toLowerCase());
    const second = await rsvp("basketballClinic", email, 5, "192.0.2.31", "Other Name");
    expect(second.status).toBe(200);
    const rows = await db
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventSlug, "basketballClinic"),
          eq(eventRegistrations.email, email.toLowerCase()),
        ),
      );
    expect(rows).toHaveLength(1);
    // Until the new link is followed the confirmed seats stay as they were.
    expect(rows[0]).toMatchObject({ status: "confirmed", quantity: 2 });
    await confirm(email.toLowerCase());
    const [changed] = await db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, rows[0]!.id));
    expect(changed).toMatchObject({ status: "confirmed", quantity: 5 });
  });

  it("keeps one RSVP when the same e-mail posts twice at once", async () => {
    const email = `twice-${next()}@example.com`;
    const answers = await Promise.all([
      rsvp("familyNight", email, 2, "192.0.2.35"),
      rsvp("familyNight", email, 2, "192.0.2.36"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(
      await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email)),
    ).toHaveLength(1);
  });

  it("caps the seats one address holds in RSVPs, whatever e-mails it uses", async () => {
    const address = "192.0.2.40";
    expect((await rsvp("springStemFair", `cap-${next()}@example.com`, 6, address)).status).toBe(200);
    expect((await rsvp("familyNight", `cap-${next()}@example.com`, 4, address)).status).toBe(200);
    const refused = await rsvp("springStemFair", `cap-${next()}@example.com`, 1, address);
    expect(refused.status).toBe(429);
    const refusal = await refused.text();
    expect(refusal).toContain(
      "already holds as many seats as it may at once, so no more can be held right now.",
    );
    expect(refusal).toContain("within 32 minutes");
    expect((await rsvp("springStemFair", `cap-${next()}@example.com`, 1, "192.0.2.41")).status).toBe(200);
  });

  it("mails a recipient a few links a day whoever asks, and the page answers the same", async () => {
    const email = `stranger-${next()}@example.com`;
    for (let post = 0; post < 6; post++) {
      const answer = await rsvp("openHouse", email, 1, `192.0.2.${50 + post}`);
      expect(await answer.text()).toContain("follow the link we sent to");
    }
    expect(await db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(3);
  });

  it("refuses an expired or forged link, and a pending RSVP stops counting when its link runs out", async () => {
    const email = `late-${next()}@example.com`;
    await rsvp("openHouse", email, 2, "192.0.2.60");
    const { path, token } = await rsvpLink(email);
    const forged = await postForm(path, { intent: "confirm-rsvp", token: `${token.split(".")[0]}.AAAA` });
    expect(forged.status).toBe(409);
    expect(await forged.text()).toContain("This confirmation link is not valid or has expired.");
    expect(await (await fetchPage(path.replace(token, "nope"))).text()).toContain(
      "This confirmation link is not valid or has expired.",
    );
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));
    expect(Date.parse(row!.holdExpiresAt!) - Date.parse(row!.createdAt)).toBeLessThanOrEqual(
      48 * 3_600_000 + 1000,
    );
  });
});

describe("staff cancel from the attendee list", () => {
  it("cancels an RSVP and refunds a paid ticket through Stripe, audited, the seats free at once, without JavaScript", async () => {
    const { cookie } = await userWithSession(`admin-${next()}@example.com`, "ADMIN");
    const email = `cancel-${next()}@example.com`;
    await rsvp("openHouse", email, 4, "192.0.2.70");
    await confirm(email);
    const openHouse = (await getEventForSale(env, "openHouse"))!;
    const before = (await eventAvailability(env, openHouse)).seatsLeft;
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));
    const list = await (
      await fetchPage("/admin/registrations/openHouse", { headers: { Cookie: cookie } })
    ).text();
    expect(list).toContain(`name="registration" value="${row!.id}"`);
    // The button only asks: the seats stay until the answer says yes.
    const asked = await askToCancel("openHouse", row!.id, cookie);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(`Cancel the RSVP of Rosa Díaz (${email}) for 4 seats?`);
    expect((await eventAvailability(env, openHouse)).seatsLeft).toBe(before);
    const canceled = await cancelFromList("openHouse", row!.id, cookie);
    expect(canceled.status).toBe(200);
    expect(await canceled.text()).toContain("The registration is canceled and its seats are free again.");
    expect((await eventAvailability(env, openHouse)).seatsLeft).toBe(before + 4);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    expect(audit).toMatchObject({ action: "event-registration.cancel" });

    // A paid gala ticket: refunded in full at Stripe.
    const buyer = `paid-${next()}@example.com`;
    const order = await postForm(
      "/events/gala/register",
      { name: "Paid", email: buyer, quantity: "2" },
      from("192.0.2.71"),
    );
    const { sessionId } = await payOnStripe(order.headers.get("Location")!);
    const gala = (await getEventForSale(env, "gala"))!;
    const galaBefore = (await eventAvailability(env, gala)).seatsLeft;
    const [ticket] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, buyer));
    expect(ticket!.status).toBe("confirmed");
    const askedRefund = await (await askToCancel("gala", ticket!.id, cookie)).text();
    expect(askedRefund).toContain(
      `Cancel 2 tickets and refund ${formatMoneyWithCents(ticket!.amountCents, "en")} to ${buyer} through Stripe?`,
    );
    expect(askedRefund).toContain("Yes, cancel and refund");
    const refunded = await cancelFromList("gala", ticket!.id, cookie);
    expect(refunded.status).toBe(200);
    expect(await refunded.text()).toContain("refunded in full through Stripe");
    const requests = await stripeRequests<{ payment_intent?: string }>();
    expect(
      requests.some(
        (request) =>
          request.path === "/v1/refunds" && request.body.payment_intent === ticket!.stripePaymentIntentId,
      ),
    ).toBe(true);
    expect((await eventAvailability(env, gala)).seatsLeft).toBe(galaBefore + 2);
    // The buyer's return page, visited again, does not bring the order back.
    await fetchPage(`/events/gala/register?session_id=${sessionId}`);
    const [afterReturn] = await db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, ticket!.id));
    expect(afterReturn!.status).toBe("canceled");
    // Both stay on the list after the live ones, marked, and count nowhere.
    const galaList = await (
      await fetchPage("/admin/registrations/gala", { headers: { Cookie: cookie } })
    ).text();
    expect(rowOf(galaList, buyer)).toContain(">Canceled and refunded<");
    // The file for the door lists only who is coming.
    const doorList = await (
      await fetchPage("/admin/registrations/gala/export.csv", { headers: { Cookie: cookie } })
    ).text();
    expect(doorList).not.toContain(buyer);
    const openHouseList = await (
      await fetchPage("/admin/registrations/openHouse", { headers: { Cookie: cookie } })
    ).text();
    expect(rowOf(openHouseList, email)).toContain(">Canceled<");
    // Twice is once: the second answer says it is already cancelled.
    const again = await cancelFromList("gala", ticket!.id, cookie);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("already canceled");
  });

  it("is for admins only", async () => {
    const { cookie } = await userWithSession(`staff-${next()}@example.com`, "STAFF");
    const answer = await cancelFromList("openHouse", "x", cookie);
    expect(answer.status).toBe(403);
  });
});

describe("events mail to a typed address", () => {
  it("carries nothing the visitor typed, in every template and language", async () => {
    const gala = (await getEventForSale(env, "gala"))!;
    const openHouse = (await getEventForSale(env, "openHouse"))!;
    for (const locale of ["en", "es"] as const) {
      const registration = {
        id: crypto.randomUUID(),
        eventSlug: "gala",
        kind: "ticket" as const,
        status: "confirmed" as const,
        name: HOSTILE_NAME,
        email: "stranger@example.com",
        locale,
        quantity: 2,
        unitPriceCents: 15_000,
        unitValueCents: 6_000,
        amountCents: 30_000,
        currency: "usd",
        holdExpiresAt: null,
        holder: null,
        stripeCheckoutSessionId: null,
        stripePaymentIntentId: null,
        confirmedAt: null,
        attribution: null,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      };
      const mails = [
        await buildTicketReceiptEmail(env, gala, registration),
        await buildRsvpLinkEmail(env, openHouse, registration, { token: "t.s", quantity: 2 }),
      ];
      for (const mail of mails) {
        for (const part of [mail.subject, mail.text, mail.html ?? ""]) {
          expect(part).not.toContain("URGENT");
          expect(part).not.toContain("evil.example");
          expect(part).not.toContain("1-900");
        }
        expect(mail.text.split("\n")[0]).toBe(locale === "en" ? "Hello," : "Hola:");
      }
    }
    // And through the page: the queued mail of a hostile RSVP.
    const email = `hostile-${next()}@example.com`;
    await rsvp("openHouse", email, 1, "192.0.2.80", HOSTILE_NAME);
    const { mail } = await rsvpLink(email);
    expect(mail.text).not.toContain("URGENT");
    expect(mail.subject).not.toContain("URGENT");
  });
});

describe("admin pages over more paid orders than D1 binds parameters", () => {
  it("open the overview, the attendee list and the CSV with 130 paid orders and their refunds", async () => {
    const now = new Date().toISOString();
    const orders = Array.from({ length: 130 }, (_, index) => ({
      id: crypto.randomUUID(),
      eventSlug: "gala",
      kind: "ticket" as const,
      status: "confirmed" as const,
      name: `Buyer ${index}`,
      email: `bulk-${index}@example.com`,
      locale: "en",
      quantity: 1,
      unitPriceCents: 15_000,
      unitValueCents: 6_000,
      amountCents: 15_000,
      stripePaymentIntentId: `pi_bulk_${index}`,
      confirmedAt: now,
    }));
    for (let start = 0; start < orders.length; start += 5)
      await db.insert(eventRegistrations).values(orders.slice(start, start + 5));
    for (let start = 0; start < 10; start += 5)
      await db.insert(paymentAdjustments).values(
        orders.slice(start, start + 5).map((order) => ({
          paymentKey: order.stripePaymentIntentId,
          refundedCents: 15_000,
          refundedInFull: true,
        })),
      );
    const { cookie } = await userWithSession(`bulk-${next()}@example.com`, "ADMIN");
    const overview = await fetchPage("/admin/registrations", { headers: { Cookie: cookie } });
    expect(overview.status).toBe(200);
    // 120 kept orders of $150: the refunded ten count nothing.
    expect(await overview.text()).toContain("$18,000.00");
    const list = await fetchPage("/admin/registrations/gala", { headers: { Cookie: cookie } });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Buyer 129");
    const csv = await fetchPage("/admin/registrations/gala/export.csv", { headers: { Cookie: cookie } });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\n").filter((line) => line.includes("bulk-")).length).toBe(130);
  });
});

describe("staff seat counts", () => {
  it("count the seats held at Checkout as the public page does, and say when an event has no limit", async () => {
    const { cookie } = await userWithSession(`admin-${next()}@example.com`, "ADMIN");
    for (const [address, quantity] of [
      ["192.0.2.90", "10"],
      ["192.0.2.91", "2"],
    ] as const) {
      const order = await postForm(
        "/events/gala/register",
        { name: "Holder", email: `held-${next()}@example.com`, quantity },
        from(address),
      );
      expect(order.status).toBe(303);
    }
    const gala = (await getEventForSale(env, "gala"))!;
    const taken = gala.capacity - (await eventAvailability(env, gala)).seatsLeft;
    const held = await db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventSlug, "gala"), eq(eventRegistrations.status, "held")));
    const heldSeats = held.reduce((sum, row) => sum + row.quantity, 0);
    expect(heldSeats).toBeGreaterThanOrEqual(12);
    const count = `${taken} / 250 (${heldSeats} held at Checkout)`;
    const page = await (await fetchPage("/admin/registrations/gala", { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`Seats taken: ${count}`);
    const overview = await (await fetchPage("/admin/registrations", { headers: { Cookie: cookie } })).text();
    expect(rowOf(overview, "/admin/registrations/gala")).toContain(count);
    expect(rowOf(overview, "/admin/registrations/launch")).toContain(">0 (no limit)<");
  });
});
