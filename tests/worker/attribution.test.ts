import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { eventRegistrations, submissions, subscribers } from "~/server/db/schema";
import { PAGE_CACHE_HEADER } from "~/server/kernel/page-cache.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";

/**
 * Where a form submission, an RSVP and a subscription come from (decision 056): the landing
 * page's campaign link and referring site, carried in a hidden field of the form (no cookie),
 * stored with the row and shown in its export.
 */

const db = getDb(env);
let ip = 0;
const visitor = () => ({ "CF-Connecting-IP": `203.0.113.${++ip}` });
const CAMPAIGN_LINK = "utm_source=flyer&utm_medium=print&utm_campaign=fall-open-house";
const FROM_FLYER = {
  utm_source: "flyer",
  utm_medium: "print",
  utm_campaign: "fall-open-house",
  referrer: "news.example.net",
};

/** The hidden attribution field of a page, as the browser posts it back. */
async function attributionField(path: string, referer?: string) {
  const response = await fetchPage(path, { headers: referer ? { Referer: referer } : {} });
  const html = await response.text();
  return {
    response,
    value: /name="attribution" value="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null,
  };
}

let staffCookie = "";
beforeAll(async () => {
  staffCookie = (await userWithSession("attribution-admin@example.org", "ADMIN")).cookie;
});

async function exported(path: string) {
  const csv = await (await fetchPage(path, { headers: { Cookie: staffCookie } })).text();
  return Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  }).data;
}

describe("attribution on every way in", () => {
  it(
    "a contact form reached by a campaign link keeps its campaign and referring site, in the inbox's export too",
    // The first test warms the Worker, which takes long on a busy machine.
    { timeout: 90_000 },
    async () => {
      const { value } = await attributionField(
        `/forms/contact?lng=en&${CAMPAIGN_LINK}`,
        "https://news.example.net/a",
      );
      expect(value).toBe(`${CAMPAIGN_LINK}&referrer=news.example.net`);
      const email = "flyer.reader@example.com";
      const answer = await postForm(
        "/forms/contact",
        {
          fullName: "Ana López",
          email,
          subject: "program",
          message: "When does the spring term start?",
          preferredContact: "email",
          attribution: value!,
        },
        visitor(),
      );
      expect(answer.status).toBe(200);
      const [row] = await db.select().from(submissions).where(eq(submissions.email, email));
      expect(row!.attribution).toEqual(FROM_FLYER);
      // What the person typed is the payload; the attribution is not one of their answers.
      expect(row!.payload).not.toHaveProperty("attribution");
      const page = await fetchPage(`/admin/submissions/${row!.id}?lng=en`, {
        headers: { Cookie: staffCookie },
      });
      expect(shown(await page.text())).toContain(
        "utm_source=flyer · utm_medium=print · utm_campaign=fall-open-house · referrer=news.example.net",
      );
      const [line] = (await exported("/admin/submissions/export.csv?kind=contact")).filter(
        (entry) => entry.email === email,
      );
      expect(line).toMatchObject({ ...FROM_FLYER, utm_term: "", utm_content: "" });
    },
  );

  it("a newsletter subscription from the footer keeps the first visit's campaign, and the subscribers' export shows it", async () => {
    const { value } = await attributionField(`/about?${CAMPAIGN_LINK}`, "https://news.example.net/");
    expect(value).toBe(`${CAMPAIGN_LINK}&referrer=news.example.net`);
    const email = "footer.reader@example.com";
    await postForm("/newsletter", { email, source: "footer", attribution: value! }, visitor());
    // Subscribing again from a visit without a campaign keeps the first touch.
    await postForm("/newsletter", { email, source: "page" }, visitor());
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(row!.attribution).toEqual(FROM_FLYER);
    const [line] = (await exported("/admin/subscribers/export.csv")).filter((entry) => entry.email === email);
    expect(line).toMatchObject({ source: "footer", ...FROM_FLYER });
  });

  it("an event RSVP keeps its visit's campaign, shown in the attendee list's export", async () => {
    const { value } = await attributionField(
      `/events/volunteerTraining/register?lng=en&${CAMPAIGN_LINK}`,
      "https://news.example.net/",
    );
    expect(value).toBe(`${CAMPAIGN_LINK}&referrer=news.example.net`);
    const email = "rsvp.reader@example.com";
    const answer = await postForm(
      "/events/volunteerTraining/register",
      { name: "Rosa Díaz", email, quantity: "2", attribution: value! },
      visitor(),
    );
    expect(answer.status).toBe(200);
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email));
    expect(row!.attribution).toEqual(FROM_FLYER);
    const [line] = (await exported("/admin/registrations/volunteerTraining/export.csv")).filter(
      (entry) => entry.email === email,
    );
    expect(line).toMatchObject(FROM_FLYER);
  });

  it("a form refused without JavaScript answers with the attribution it was sent, so the second try keeps it", async () => {
    const carried = `${CAMPAIGN_LINK}&referrer=news.example.net`;
    const refused = await postForm(
      "/forms/contact",
      { fullName: "Ana López", email: "not an address", message: "Hi", attribution: carried },
      { ...visitor(), Referer: "https://example.org/forms/contact" },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(/name="attribution" value="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&")).toBe(carried);
  });

  it("stores only the known keys, each one short line, whatever is posted", async () => {
    const email = "forged.source@example.com";
    const forged = new URLSearchParams({
      utm_campaign: `spring\n${"x".repeat(500)}`,
      utm_source: "  ",
      admin: "yes",
    }).toString();
    await postForm("/newsletter", { email, source: "footer", attribution: forged }, visitor());
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(row!.attribution).toEqual({ utm_campaign: `spring${"x".repeat(94)}` });
  });

  it("a page reached from another site is rendered for its visitor, never kept for or taken from another", async () => {
    const first = await attributionField("/mission", "https://one.example.com/post");
    expect(first.value).toBe("referrer=one.example.com");
    expect(first.response.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    // The same page without a referring site is cached, and carries no one's attribution.
    await attributionField("/mission");
    const cached = await attributionField("/mission");
    expect(cached.response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(cached.value).toBeNull();
    const second = await attributionField("/mission", "https://two.example.com/");
    expect(second.value).toBe("referrer=two.example.com");
    // A link from a page of our own is no source.
    expect((await attributionField("/mission", "https://example.org/about")).value).toBeNull();
  });
});
