import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { outbox } from "~/server/db/schema";
import { fetchPage, postForm } from "./fetch";

/** What a visitor reads about an event's places and where it is (docs/product.md §2, decision 046). */

const rsvp = (slug: string, email: string, quantity: number, address: string) =>
  postForm(
    `/events/${slug}/register`,
    { name: "Rosa Díaz", email, quantity: String(quantity) },
    { "CF-Connecting-IP": address },
  );

async function rsvpMail(email: string) {
  const [mail] = await getDb(env)
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, "event.rsvp")))
    .orderBy(desc(outbox.createdAt));
  return mail!;
}

describe("an event's places", () => {
  it("the card shows the places left once RSVPs are confirmed, in both languages", async () => {
    const email = "places@example.com";
    await rsvp("volunteerTraining", email, 3, "192.0.2.41");
    // A pending RSVP takes nothing; its link confirms it.
    await rsvp("basketballClinic", "waiting@example.com", 5, "192.0.2.42");
    const url = new URL(/https:\/\/example\.org\/events\/\S+rsvp=\S+/.exec((await rsvpMail(email)).text)![0]);
    await postForm(url.pathname + url.search, {
      intent: "confirm-rsvp",
      token: url.searchParams.get("rsvp")!,
    });

    const english = await (await fetchPage("/events?lng=en")).text();
    const card = (html: string, slug: string) =>
      new RegExp(`data-event="${slug}"[\\s\\S]*?</article>`).exec(html)![0];
    expect(card(english, "volunteerTraining")).toMatch(/Places left<!-- -->:<\/dt><dd>37 of 40<\/dd>/);
    expect(card(english, "basketballClinic")).toMatch(/Places left<!-- -->:<\/dt><dd>60 of 60<\/dd>/);
    const spanish = await (await fetchPage("/events?lng=es")).text();
    expect(card(spanish, "volunteerTraining")).toMatch(
      /Lugares disponibles<!-- -->:<\/dt><dd>37 de 40<\/dd>/,
    );
  });
});

describe("where an event is", () => {
  it("is on the RSVP page and in its e-mail, from the event and never from what was typed", async () => {
    const page = await (await fetchPage("/events/basketballClinic/register?lng=es")).text();
    expect(page).toMatch(
      /Dónde<!-- -->:<\/dt><dd>Gimnasio comunitario de Harlem<!-- -->, <!-- -->2180 Frederick Douglass Boulevard, New York, NY 10026<\/dd>/,
    );
    const email = "where@example.com";
    await rsvp("basketballClinic", email, 2, "192.0.2.43");
    expect((await rsvpMail(email)).text).toContain(
      "Where: Harlem community gym, 2180 Frederick Douglass Boulevard, New York, NY 10026",
    );
  });
});
