import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseClockTime, slugFromTitle } from "~/lib/content/entry-types";
import { getDb } from "~/server/db/client.server";
import { contentEntries } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { eventFields } from "./entries";
import { fetchPage, postForm } from "./fetch";

let staff: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  staff = await userWithSession("office@example.org", "STAFF", "Olga Office");
});

/** A new event as the editor posts it, without JavaScript, its address left to be made from the title. */
const eventForm = (overrides: Record<string, string> = {}) => eventFields({ slug: "", ...overrides });

async function rows(type: string, where: (fields: Record<string, unknown>) => boolean) {
  const all = await getDb(env).select().from(contentEntries).where(eq(contentEntries.type, type));
  return all.filter((row) => where(row.fields));
}

const titled = (title: string) => (fields: Record<string, unknown>) =>
  (fields.title as { en: string; es: string }).en === title ||
  (fields.title as { en: string; es: string }).es === title;

describe("times as staff type them", () => {
  it.each([
    ["10:00", "10:00"],
    ["22:00", "22:00"],
    ["9:30", "09:30"],
    ["10:00 AM", "10:00"],
    ["10am", "10:00"],
    ["10 AM", "10:00"],
    ["6:30 PM", "18:30"],
    ["6.30pm", "18:30"],
    ["12 pm", "12:00"],
    ["12:15 a.m.", "00:15"],
    ["10 a. m.", "10:00"],
    ["10:00 p. m.", "22:00"],
    ["7 p.m.", "19:00"],
    ["6:30\u202fPM", "18:30"],
  ])("reads %j as %j", (typed, stored) => {
    expect(parseClockTime(typed)).toBe(stored);
  });

  it.each(["25:00", "13 pm", "0 am", "10:60", "10", "ten", "10:00 xm", "1000"])("refuses %j", (typed) => {
    expect(parseClockTime(typed)).toBeNull();
  });

  it("stores what was typed in the one form the site shows, and names the field of a bad one", async () => {
    const saved = await postForm(
      "/admin/entries/event/new",
      eventForm({ title_en: "Clock Night", start: "10:00 AM", end: "10:00 p. m." }),
      { Cookie: staff.cookie },
    );
    expect(saved.status).toBe(302);
    const [row] = await rows("event", titled("Clock Night"));
    expect(row!.fields).toMatchObject({ start: "10:00", end: "22:00" });

    const refused = await postForm(
      "/admin/entries/event/new",
      eventForm({ title_en: "Clock Night Two", start: "half past ten" }),
      { Cookie: staff.cookie },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    // The summary names the field and links to it; what was typed stays.
    expect(html).toMatch(
      /href="#entry-event-start"[^>]*>Starts \(New York time\): <!-- -->Enter a time such as 6:30 PM, 10am or 18:30\./,
    );
    expect(html).toContain('value="half past ten"');
  });
});

describe("the address of an entry", () => {
  it("is made from the title when left empty, the next free one when taken", async () => {
    expect(slugFromTitle("Año Nuevo: ¡Fiesta!")).toBe("ano-nuevo-fiesta");
    for (const date of ["2027-05-01", "2027-05-08"]) {
      const response = await postForm(
        "/admin/entries/event/new",
        eventForm({ title_en: "Winter Coat Drive", date }),
        { Cookie: staff.cookie },
      );
      expect(response.status).toBe(302);
    }
    const slugs = (await rows("event", titled("Winter Coat Drive"))).map((row) => row.slug).sort();
    expect(slugs).toEqual(["winter-coat-drive", "winter-coat-drive-2"]);
  });

  it("names and links the entry that already has a typed address (the sample report)", async () => {
    const sample = (await rows("report", titled("2025 Annual Report")))[0]!;
    const response = await postForm(
      "/admin/entries/report/new",
      {
        slug: "annual-report-2025",
        status: "draft",
        title_en: "Annual Report 2025",
        title_es: "",
        year: "2025",
        summary_en: "Our year.",
        summary_es: "",
        pdf: "",
      },
      { Cookie: staff.cookie },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Address (slug): <!-- -->“2025 Annual Report” already uses this address.");
    expect(html).toContain(`href="/admin/entries/report/${sample.id}"`);
  });
});

describe("the same title on the same date", () => {
  it("is flagged with a link to the other entry, and saved once confirmed", async () => {
    const openHouse = (await rows("event", titled("Winter Open House")))[0]!;
    const twice = eventForm({
      title_en: "winter open house",
      date: String(openHouse.fields.date),
    });
    const flagged = await postForm("/admin/entries/event/new", twice, { Cookie: staff.cookie });
    expect(flagged.status).toBe(400);
    const html = await flagged.text();
    expect(html).toContain("“Winter Open House” has the same title on the same date.");
    expect(html).toContain(`href="/admin/entries/event/${openHouse.id}"`);
    expect(html).toContain('name="sameTitleConfirmed"');
    expect(await rows("event", titled("winter open house"))).toHaveLength(0);

    const confirmed = await postForm(
      "/admin/entries/event/new",
      { ...twice, sameTitleConfirmed: "on" },
      { Cookie: staff.cookie },
    );
    expect(confirmed.status).toBe(302);
    expect(await rows("event", titled("winter open house"))).toHaveLength(1);
  });
});

describe("a draft in one language", () => {
  it("saves with either language missing; publishing asks for the English", async () => {
    const spanishOnly = eventForm({
      title_en: "",
      description_en: "",
      place_en: "",
      title_es: "Noche de cine",
      date: "2027-06-01",
    });
    const draft = await postForm("/admin/entries/event/new", spanishOnly, { Cookie: staff.cookie });
    expect(draft.status).toBe(302);
    const [row] = await rows("event", titled("Noche de cine"));
    expect(row).toMatchObject({ status: "draft", slug: "noche-de-cine" });
    const list = await (
      await fetchPage("/admin/entries/event?q=Noche+de+cine", { headers: { Cookie: staff.cookie } })
    ).text();
    expect(list).toContain("English missing");

    const publish = await postForm(
      `/admin/entries/event/${row!.id}`,
      { ...spanishOnly, slug: "noche-de-cine", status: "published" },
      { Cookie: staff.cookie },
    );
    expect(publish.status).toBe(400);
    expect(await publish.text()).toContain(
      "Title (English): <!-- -->Publishing needs the English text, which the site shows wherever Spanish is missing.",
    );

    const nothing = await postForm(
      "/admin/entries/event/new",
      eventForm({ title_en: "", title_es: "", date: "2027-06-02" }),
      { Cookie: staff.cookie },
    );
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("Title (English): <!-- -->Write this in English or Spanish");
  });
});

describe("a new event", () => {
  it("starts at the organisation's address", async () => {
    const [facts] = await getDb(env)
      .select()
      .from(contentEntries)
      .where(and(eq(contentEntries.type, "organization")));
    const street = String(facts!.fields.street);
    const html = await (
      await fetchPage("/admin/entries/event/new", { headers: { Cookie: staff.cookie } })
    ).text();
    expect(html).toMatch(
      new RegExp(`name="street"[^>]*value="${street}"|value="${street}"[^>]*name="street"`),
    );
  });
});
