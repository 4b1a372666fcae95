import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formatNewYorkDateTime } from "~/lib/format";
import { listPosts } from "~/server/content/entries.server";
import { getContentVersion } from "~/server/kernel/content-version.server";
import { CONTENT_VERSIONS_KEPT } from "~/server/content/versions.server";
import { getDb } from "~/server/db/client.server";
import { auditLog, contentEntries, contentVersions } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { entryRow, postFields } from "./entries";
import { fetchPage, postForm, shown } from "./fetch";

let staff: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  staff = await userWithSession("dana@example.org", "STAFF", "Dana Staff");
});

const save = (path: string, fields: Record<string, string>) =>
  postForm(path, fields, { Cookie: staff.cookie });

describe("versions (decision 053)", () => {
  it("every save is a version with who and when; restoring one is a new version, audited", async () => {
    expect((await save("/admin/entries/post/new", postFields("winter-reading"))).status).toBe(302);
    const { id } = (await entryRow("post", "winter-reading"))!;
    const editor = `/admin/entries/post/${id}`;
    expect((await save(editor, postFields("winter-reading", { title_en: "Winter books" }))).status).toBe(302);

    const page = shown(await (await fetchPage(editor, { headers: { Cookie: staff.cookie } })).text());
    expect(page).toContain("Versions");
    expect(page).toContain("dana@example.org");
    expect(page).toContain("Restore version 1");
    expect(page).not.toContain("Restore version 2");
    // Under the form: who changed it last, by name, and when, in New York time, in each language.
    const [newest] = await getDb(env)
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.entryId, id), eq(contentVersions.number, 2)));
    const when = (locale: "en" | "es") => formatNewYorkDateTime(newest!.createdAt, locale);
    expect(page).toMatch(new RegExp(`Last change: Dana Staff,(<!-- -->)? <time[^>]*>${when("en")}</time>`));
    const spanish = shown(
      await (await fetchPage(`${editor}?lng=es`, { headers: { Cookie: staff.cookie } })).text(),
    );
    expect(spanish).toMatch(
      new RegExp(`Último cambio: Dana Staff,(<!-- -->)? <time[^>]*>${when("es")}</time>`),
    );

    const restored = await save(editor, { intent: "restore", version: "1" });
    expect(restored.status).toBe(302);
    expect(restored.headers.get("Location")).toBe(`${editor}?restored=1`);
    const row = (await entryRow("post", "winter-reading"))!;
    expect((row.fields.title as { en: string }).en).toBe("Winter reading list (winter-reading)");
    // Still published at the same address: the page shows the restored title at once.
    expect(await (await fetchPage("/blog/winter-reading")).text()).toContain(
      "Winter reading list (winter-reading)",
    );

    const versions = await getDb(env)
      .select()
      .from(contentVersions)
      .where(eq(contentVersions.entryId, id))
      .orderBy(desc(contentVersions.number));
    expect(versions.map((version) => version.number)).toEqual([3, 2, 1]);
    expect(versions[0]!.savedByEmail).toBe("dana@example.org");
    const [audit] = await getDb(env)
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit!.action).toBe("content.restore");
    expect(audit!.detail).toMatchObject({ version: 1 });
    // The first render of the file's worker builds every page module: slow on a busy machine.
  }, 120_000);

  it("an imported entry's first save keeps the imported state as version 1, with no saver", async () => {
    const imported = (await entryRow("post", "why-we-mentor"))!;
    const editor = `/admin/entries/post/${imported.id}`;
    const form = {
      ...postFields("why-we-mentor"),
      title_en: "Why we mentor, revised",
    };
    expect((await save(editor, form)).status).toBe(302);
    const versions = await getDb(env)
      .select()
      .from(contentVersions)
      .where(eq(contentVersions.entryId, imported.id))
      .orderBy(contentVersions.number);
    expect(versions.map((version) => [version.number, version.savedByEmail])).toEqual([
      [1, null],
      [2, "dana@example.org"],
    ]);
    expect(versions[0]!.fields).toEqual(imported.fields);
  });

  it(`keeps the newest ${CONTENT_VERSIONS_KEPT} versions of an entry`, async () => {
    expect(
      (await save("/admin/entries/post/new", postFields("many-saves", { status: "draft" }))).status,
    ).toBe(302);
    const { id } = (await entryRow("post", "many-saves"))!;
    for (let n = 2; n <= CONTENT_VERSIONS_KEPT + 3; n++) {
      const answer = await save(
        `/admin/entries/post/${id}`,
        postFields("many-saves", { status: "draft", title_en: `Save ${n}` }),
      );
      expect(answer.status).toBe(302);
    }
    const numbers = (
      await getDb(env)
        .select({ number: contentVersions.number })
        .from(contentVersions)
        .where(eq(contentVersions.entryId, id))
        .orderBy(contentVersions.number)
    ).map((row) => row.number);
    expect(numbers).toHaveLength(CONTENT_VERSIONS_KEPT);
    expect(numbers[0]).toBe(4);
    expect(numbers.at(-1)).toBe(CONTENT_VERSIONS_KEPT + 3);
  });
});

describe("delete and gone pages (decision 053)", () => {
  it("delete asks first, then deletes the entry and its versions; its page answers 410 Gone", async () => {
    expect((await save("/admin/entries/post/new", postFields("to-delete"))).status).toBe(302);
    const { id } = (await entryRow("post", "to-delete"))!;
    const editor = `/admin/entries/post/${id}`;
    expect((await fetchPage("/blog/to-delete")).status).toBe(200);

    const asked = await save(editor, { intent: "delete" });
    expect(asked.status).toBe(200);
    expect(shown(await asked.text())).toContain("Delete “Winter reading list (to-delete)”?");
    expect(await entryRow("post", "to-delete")).toBeDefined();

    // A redirect to another host is refused, and what was typed stays.
    const refused = await save(editor, { intent: "delete", confirm: "yes", redirectTo: "//evil.example" });
    expect(refused.status).toBe(400);
    const refusedPage = shown(await refused.text());
    expect(refusedPage).toContain("Use an address on this site that starts with /");
    expect(refusedPage).toContain('value="//evil.example"');
    expect(await entryRow("post", "to-delete")).toBeDefined();

    const deleted = await save(editor, { intent: "delete", confirm: "yes", redirectTo: "" });
    expect(deleted.headers.get("Location")).toBe("/admin/entries/post?deleted=to-delete");
    expect(await entryRow("post", "to-delete")).toBeUndefined();
    expect(await getDb(env).$count(contentVersions, eq(contentVersions.entryId, id))).toBe(0);
    const [audit] = await getDb(env)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "content.delete")));
    expect(audit!.detail).toMatchObject({ slug: "to-delete", status: "published" });

    const gone = await fetchPage("/blog/to-delete");
    expect(gone.status).toBe(410);
    const html = shown(await gone.text());
    expect(html).toContain("This page has been taken down");
    expect(html).toContain('href="/blog"');
    const spanish = shown(await (await fetchPage("/blog/to-delete?lng=es")).text());
    expect(spanish).toContain("Esta página se ha retirado");
    // Never public: a plain 404.
    expect((await fetchPage("/blog/never-was")).status).toBe(404);
    expect((await listPosts(env)).map((post) => post.slug)).not.toContain("to-delete");
    expect(await (await fetchPage("/sitemap.xml")).text()).not.toContain("/blog/to-delete");
  });

  it("an unpublished post answers 410, then a 301 to the address staff choose; republishing brings it back", async () => {
    expect((await save("/admin/entries/post/new", postFields("to-unpublish"))).status).toBe(302);
    const { id } = (await entryRow("post", "to-unpublish"))!;
    const editor = `/admin/entries/post/${id}`;
    // The edge cache holds the published page (decision 027) …
    expect((await fetchPage("/blog/to-unpublish")).status).toBe(200);
    expect((await fetchPage("/blog/to-unpublish")).headers.get("X-Page-Cache")).toBe("hit");
    expect((await save(editor, postFields("to-unpublish", { status: "draft" }))).status).toBe(302);
    // … and lets go of it when the post is unpublished.
    expect((await fetchPage("/blog/to-unpublish")).status).toBe(410);

    const panel = shown(await (await fetchPage(editor, { headers: { Cookie: staff.cookie } })).text());
    expect(panel).toContain("Visitors to /blog/to-unpublish see a page saying it was taken down");
    expect((await save(editor, { intent: "redirect", redirectTo: "/blog/first-year-lessons" })).status).toBe(
      302,
    );
    const moved = await fetchPage("/blog/to-unpublish");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/blog/first-year-lessons");

    expect((await save(editor, postFields("to-unpublish"))).status).toBe(302);
    expect((await fetchPage("/blog/to-unpublish")).status).toBe(200);

    // A published post given a new address sends the old one there.
    expect((await save(editor, postFields("unpublished-no-more"))).status).toBe(302);
    const old = await fetchPage("/blog/to-unpublish");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/blog/unpublished-no-more");
  });

  it("a deleted event's registration page answers 410 with a link to the events", async () => {
    const [event] = await getDb(env)
      .select()
      .from(contentEntries)
      .where(and(eq(contentEntries.type, "event"), eq(contentEntries.slug, "familyNight")));
    expect((await fetchPage("/events/familyNight/register")).status).toBe(200);
    await save(`/admin/entries/event/${event!.id}`, { intent: "delete", confirm: "yes" });
    const gone = await fetchPage("/events/familyNight/register");
    expect(gone.status).toBe(410);
    expect(shown(await gone.text())).toContain('href="/events"');
  });
});

describe("scheduling (decision 053)", () => {
  afterEach(() => vi.useRealTimers());

  it("a published post dated ahead shows on its moment, New York time, with no save or Cron run", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 8:00 in New York (EST) on 5 January 2027.
    vi.setSystemTime(new Date("2027-01-05T13:00:00Z"));
    // A session of that day: one made today would have expired by then.
    const { cookie } = await userWithSession("early@example.org", "STAFF");
    const form = postFields("new-year-plans", {
      title_en: "New year, new plans",
      publishOn: "2027-01-05",
      publishTime: "9:00 AM",
    });
    expect((await postForm("/admin/entries/post/new", form, { Cookie: cookie })).status).toBe(302);
    const row = (await entryRow("post", "new-year-plans"))!;
    expect(row.publishAt).toBe("2027-01-05T14:00:00.000Z");
    const editor = shown(
      await (await fetchPage(`/admin/entries/post/${row.id}`, { headers: { Cookie: cookie } })).text(),
    );
    expect(editor).toContain("Published, and waiting: visitors see it from");
    expect(editor).toContain('value="09:00"');

    const hidden = async () => {
      expect((await fetchPage("/blog/new-year-plans")).status).toBe(404);
      expect(await (await fetchPage("/blog")).text()).not.toContain("New year, new plans");
      expect(await (await fetchPage("/sitemap.xml")).text()).not.toContain("/blog/new-year-plans");
      expect(await (await fetchPage("/search?q=new+plans")).text()).not.toContain("/blog/new-year-plans");
    };
    await hidden();
    const versionBefore = await getContentVersion(env);

    vi.setSystemTime(new Date("2027-01-05T13:59:59Z"));
    await hidden();

    // The moment passes: the content version moves by itself, and every list shows the post.
    vi.setSystemTime(new Date("2027-01-05T14:00:00Z"));
    expect(await getContentVersion(env)).not.toBe(versionBefore);
    expect((await fetchPage("/blog/new-year-plans")).status).toBe(200);
    expect(await (await fetchPage("/blog")).text()).toContain("New year, new plans");
    expect(await (await fetchPage("/sitemap.xml")).text()).toContain("/blog/new-year-plans");
    expect(await (await fetchPage("/search?q=new+plans")).text()).toContain("/blog/new-year-plans");
  }, 120_000);

  it("a time without its date is refused on the date field, keeping what was typed", async () => {
    const answer = await save("/admin/entries/post/new", postFields("no-date", { publishTime: "10am" }));
    expect(answer.status).toBe(400);
    const html = shown(await answer.text());
    expect(html).toContain("Give the date the entry is to be published on");
    expect(html).toContain('value="10am"');
  });
});

describe("the address check as staff type (decision 053)", () => {
  it("names the entry that has the address, and only for staff", async () => {
    const path = (value: string, id = "new") => `/admin/entries/post/${id}/slug?value=${value}`;
    const answer = async (value: string, id?: string) =>
      (await fetchPage(path(value, id), { headers: { Cookie: staff.cookie } })).json() as Promise<{
        other: { id: string; title: string } | null;
      }>;
    const own = (await entryRow("post", "why-we-mentor"))!;
    expect((await answer("why-we-mentor")).other?.id).toBe(own.id);
    // The entry's own address is not "taken" while editing it.
    expect((await answer("why-we-mentor", own.id)).other).toBeNull();
    expect((await answer("nobody-has-this")).other).toBeNull();
    expect((await fetchPage(path("why-we-mentor"))).status).toBe(302);
  });
});
