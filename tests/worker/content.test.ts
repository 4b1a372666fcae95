import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { entryFormSchema, fieldsSchema } from "~/lib/content/entry-types";
import { listEvents, listPosts } from "~/server/content/entries.server";
import { getContentVersion } from "~/server/kernel/content-version.server";
import { getDb } from "~/server/db/client.server";
import { auditLog } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { entryForm, entryRow, eventFields } from "./entries";
import { fetchPage, postForm } from "./fetch";

let admin: Awaited<ReturnType<typeof userWithSession>>;
let member: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  admin = await userWithSession("editor@example.org", "ADMIN", "Eve Editor");
  member = await userWithSession("reader@example.org", "USER", "Rita Reader");
});

describe("the content model", () => {
  it("the import filled the database with today's events and posts, read back typed", async () => {
    const { upcoming, past } = await listEvents(env, new Date("2026-11-22T17:00:00Z"));
    expect(upcoming.map((event) => event.slug)).toEqual([
      "openHouse",
      "familyNight",
      "volunteerTraining",
      "basketballClinic",
      "springStemFair",
      "gala",
    ]);
    expect(past.map((event) => event.slug)).toEqual(["soccerCup", "stemFair", "launch"]);
    const gala = upcoming.at(-1)!;
    expect(gala.fields.priceCents).toBe(15_000);
    expect(gala.fields.capacity).toBe(250);
    expect(gala.fields.title).toEqual({
      en: "Annual Gala: Rising Together",
      es: "Gala anual: Crecemos juntos",
    });
    expect((await listPosts(env)).map((post) => post.slug)).toEqual([
      "first-year-lessons",
      "homework-routine-tips",
      "why-we-mentor",
    ]);
  });

  it("a New York evening still counts as that day", async () => {
    // 23:30 on 5 December in New York is already the 6th in UTC.
    const { upcoming } = await listEvents(env, new Date("2026-12-06T04:30:00Z"));
    expect(upcoming[0]!.slug).toBe("openHouse");
  });

  it("validates each field with a translatable message, and lets Spanish wait", () => {
    const { slug: _slug, status: _status, ...fields } = eventFields();
    const schema = fieldsSchema("event");
    const ok = v.safeParse(schema, { ...fields, title_es: "" });
    expect(ok.success).toBe(true);
    if (ok.success) {
      expect(ok.output.priceCents).toBe(1250);
      expect(ok.output.capacity).toBe(80);
      expect(ok.output.title).toEqual({ en: "Spring Open House", es: "" });
    }
    const messages = (input: Record<string, string>) => {
      const result = v.safeParse(schema, input);
      return result.success ? [] : result.issues.map((issue) => issue.message);
    };
    expect(messages({ ...fields, title_en: "" })).toContain("common:forms.required");
    expect(messages({ ...fields, date: "2027-02-30" })).toContain("admin:entries.errors.date");
    expect(messages({ ...fields, start: "25:00" })).toContain("admin:entries.errors.time");
    expect(messages({ ...fields, end: "09:00" })).toContain("admin:entries.errors.endBeforeStart");
    expect(messages({ ...fields, priceCents: "free" })).toContain("common:forms.invalidNumber");
    expect(messages({ ...fields, category: "party" })).toContain("common:forms.invalidChoice");
    expect(
      v.safeParse(entryFormSchema("event"), { ...fields, slug: "no spaces", status: "draft" }).success,
    ).toBe(false);
  });
});

describe("the event editor", () => {
  it("only staff reach the editors", async () => {
    for (const path of ["/admin/entries/event", "/admin/entries/event/new", "/admin/entries/post"]) {
      expect((await fetchPage(path)).status).toBe(302);
      expect((await fetchPage(path, { headers: { Cookie: member.cookie } })).status).toBe(403);
      expect((await fetchPage(path, { headers: { Cookie: admin.cookie } })).status).toBe(200);
    }
    const refused = await postForm("/admin/entries/event/new", eventFields(), { Cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(await entryRow("event", "spring-open-house")).toBeUndefined();
  });

  it("keeps what was typed and says what is wrong, in the editor's language", async () => {
    const response = await postForm(
      "/admin/entries/event/new?lng=es",
      eventFields({ date: "2027-13-01", title_en: "Typed title" }),
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Escriba una fecha como aaaa-mm-dd.");
    expect(html).toContain('value="Typed title"');
    expect(await entryRow("event", "spring-open-house")).toBeUndefined();
  });

  it("a draft stays off the site; publishing shows it at once, bumps the version and is audited", async () => {
    const created = await postForm("/admin/entries/event/new", eventFields(), { Cookie: admin.cookie });
    expect(created.status).toBe(302);
    const row = (await entryRow("event", "spring-open-house"))!;
    expect(row.status).toBe("draft");
    expect(created.headers.get("Location")).toBe(`/admin/entries/event/${row.id}?saved=draft`);
    expect(await (await fetchPage("/events")).text()).not.toContain("Spring Open House");

    // The editor previews the draft with the public card.
    const editor = await (
      await fetchPage(`/admin/entries/event/${row.id}`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(editor).toContain('data-testid="entry-preview"');
    expect(editor).toContain("Spring Open House");

    const versionBefore = await getContentVersion(env);
    const published = await postForm(`/admin/entries/event/${row.id}`, eventFields({ status: "published" }), {
      Cookie: admin.cookie,
    });
    expect(published.status).toBe(302);
    expect(await getContentVersion(env)).not.toBe(versionBefore);

    const page = await (await fetchPage("/events")).text();
    expect(page).toContain("Spring Open House");
    expect(page).toContain("$12.50 per person");
    expect(page).toContain("80 of 80"); // the places left, nobody registered yet
    expect(await (await fetchPage("/events?lng=es")).text()).toContain("Puertas abiertas de primavera");
    const ics = await (await fetchPage("/events/spring-open-house/calendar.ics")).text();
    expect(ics).toContain("SUMMARY:Spring Open House");
    // 10:00 in New York on 20 March 2027 (daylight saving time) is 14:00 UTC.
    expect(ics).toContain("DTSTART:20270320T140000Z");
    expect(await (await fetchPage("/sitemap.xml")).text()).toContain(
      "/events/spring-open-house/calendar.ics",
    );

    const [audit] = await getDb(env)
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, row.id))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit!.action).toBe("content.update");
    expect(audit!.userEmail).toBe("editor@example.org");
    expect(audit!.detail).toMatchObject({ changes: { status: { before: "draft", after: "published" } } });

    // Archiving takes it off the site again.
    await postForm(`/admin/entries/event/${row.id}`, eventFields({ status: "archived" }), {
      Cookie: admin.cookie,
    });
    expect(await (await fetchPage("/events")).text()).not.toContain("Spring Open House");
    expect((await fetchPage("/events/spring-open-house/calendar.ics")).status).toBe(410);
  });

  it("refuses an address another entry already has", async () => {
    const response = await postForm(
      "/admin/entries/event/new",
      eventFields({ slug: "gala", title_en: "Gala Rehearsal" }),
      {
        Cookie: admin.cookie,
      },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("“Annual Gala: Rising Together” already uses this address.");
  });

  it("lists entries with their status and flags missing Spanish", async () => {
    await postForm(
      "/admin/entries/event/new",
      eventFields({ slug: "english-only", title_es: "", title_en: "English Only Night" }),
      { Cookie: admin.cookie },
    );
    const html = await (
      await fetchPage("/admin/entries/event?status=draft", { headers: { Cookie: admin.cookie } })
    ).text();
    expect(html).toContain("English Only Night");
    expect(html).toContain("Spanish missing");
    expect(html).not.toContain("Annual Gala");
  });
});

describe("blog posts", () => {
  it("render their safe formatting as elements and never as markup", async () => {
    const form = {
      slug: "formatting",
      status: "published",
      title_en: "Formatting test",
      excerpt_en: "An excerpt",
      body_en:
        "## A heading\n\nSome **bold** and *italic* and a [link](https://example.org/x).\n\n- one\n- two\n\n<script>alert(1)</script> [bad](javascript:alert(1))",
      date: "2026-11-20",
      author_en: "Eve Editor",
      category: "news",
    };
    expect((await postForm("/admin/entries/post/new", form, { Cookie: admin.cookie })).status).toBe(302);
    const html = await (await fetchPage("/blog/formatting")).text();
    expect(html).toContain("<h2");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain('<a href="https://example.org/x" class="link">link</a>');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain('href="javascript:');
    // Spanish not written yet: the Spanish page shows the English text.
    expect(await (await fetchPage("/blog/formatting?lng=es")).text()).toContain("Formatting test");
    expect((await listPosts(env))[0]!.slug).toBe("formatting");
  });
});

describe("site search", () => {
  it("finds events and blog posts by their words in either language, shown in the visitor's", async () => {
    const gala = await (await fetchPage("/search?q=gala")).text();
    expect(gala).toContain('href="/events#gala"');
    expect(gala).toContain("Annual Gala: Rising Together");
    // A Spanish word of a post, searched without its accent, on the Spanish page.
    const tarea = await (await fetchPage("/search?q=rutina%20tareas&lng=es")).text();
    expect(tarea).toContain('href="/blog/homework-routine-tips"');
    expect(tarea).toContain("Una rutina de tareas que funciona");
    // The body counts too, and an English search on the Spanish page still finds the post.
    expect(await (await fetchPage("/search?q=dictionary&lng=es")).text()).toContain(
      'href="/blog/homework-routine-tips"',
    );
    // Drafts are not found.
    await postForm(
      "/admin/entries/post/new",
      {
        slug: "secret-draft",
        status: "draft",
        title_en: "Zebracorn secret draft",
        excerpt_en: "x",
        body_en: "x",
        date: "2026-11-21",
        author_en: "x",
        category: "news",
      },
      { Cookie: admin.cookie },
    );
    expect(await (await fetchPage("/search?q=zebracorn")).text()).not.toContain("secret-draft");
  });
});

describe("jobs", () => {
  it("/join-our-team lists the published jobs, newest first, in the visitor's language; search finds them", async () => {
    const page = await (await fetchPage("/join-our-team")).text();
    expect(page.indexOf("Program Site Manager")).toBeGreaterThan(-1);
    expect(page.indexOf("Program Site Manager")).toBeLessThan(page.indexOf("Volunteer Coordinator"));
    expect(await (await fetchPage("/join-our-team?lng=es")).text()).toContain("Gerente de sede");
    const search = await (await fetchPage("/search?q=coach%20soccer")).text();
    expect(search).toContain("Head Soccer Coach");
    expect(search).toContain('href="/join-our-team"');
  });

  it("a job posted by staff shows at once; archiving it takes it down", async () => {
    const form = entryForm("job", {
      slug: "grant-writer",
      status: "published",
      title: { en: "Grant Writer", es: "Redactor de subvenciones" },
      description: { en: "Write grant proposals.", es: "" },
      department: "development",
      employment: "partTime",
      posted: "2026-11-22",
    });
    const created = await postForm("/admin/entries/job/new", form, { Cookie: admin.cookie });
    expect(created.status).toBe(302);
    const page = await (await fetchPage("/join-our-team")).text();
    expect(page.indexOf("Grant Writer")).toBeLessThan(page.indexOf("Program Site Manager"));
    await postForm(
      created.headers.get("Location")!.split("?")[0]!,
      { ...form, status: "archived" },
      {
        Cookie: admin.cookie,
      },
    );
    expect(await (await fetchPage("/join-our-team")).text()).not.toContain("Grant Writer");
  });
});

describe("success stories", () => {
  it("/stories reads the published stories in the visitor's language; search finds them in either", async () => {
    const english = await (await fetchPage("/stories")).text();
    expect(english).toContain("André found his way back to reading");
    expect(english.indexOf("André found")).toBeLessThan(english.indexOf("A volunteer who keeps coming back"));
    expect(await (await fetchPage("/stories?lng=es")).text()).toContain(
      "André volvió a disfrutar la lectura",
    );
    const search = await (await fetchPage("/search?q=lectura&lng=es")).text();
    expect(search).toContain('href="/stories"');
  });
});
