import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SECTIONS } from "~/lib/admin-sections";
import { getDb } from "~/server/db/client.server";
import { submissions } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { postFields } from "./entries";
import { fetchPage, postForm, shown } from "./fetch";

let admin: Awaited<ReturnType<typeof userWithSession>>;
let staff: Awaited<ReturnType<typeof userWithSession>>;
const get = async (path: string, cookie: string) => {
  const response = await fetchPage(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: text(shown(await response.text())) };
};
/** Text as a reader gets it: React's separators between adjacent texts taken out. */
const text = (html: string) => html.replaceAll("<!-- -->", "");
/** The menu's links, in order. */
const menuOf = (html: string) =>
  [
    ...(/<nav aria-label="Admin sections"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "").matchAll(/href="([^"]+)"/g),
  ].map((match) => match[1]);

beforeAll(async () => {
  admin = await userWithSession("olga@example.org", "ADMIN", "Olga Office");
  staff = await userWithSession("dana@example.org", "STAFF", "Dana");
  await getDb(env)
    .insert(submissions)
    .values({
      id: "access-1",
      kind: "contact",
      locale: "en",
      name: "Pat Parent",
      email: "pat.parent@example.com",
      payload: { fullName: "Pat Parent", email: "pat.parent@example.com", subject: "program", message: "Hi" },
      idempotencyKey: "access-1",
    });
});

describe("what STAFF may open: one list for the menu and the guard", () => {
  const staffSections = ADMIN_SECTIONS.filter((section) => section.staff);
  const adminSections = ADMIN_SECTIONS.filter((section) => !section.staff);

  it("the STAFF menu lists exactly the sections STAFF open, and each opens", async () => {
    const { html } = await get("/admin", staff.cookie);
    expect(menuOf(html)).toEqual(staffSections.map((section) => section.to));
    for (const section of staffSections) expect((await get(section.to, staff.cookie)).status).toBe(200);
  }, 60_000);

  it("an ADMIN's menu lists every section", async () => {
    const { html } = await get("/admin", admin.cookie);
    expect(menuOf(html)).toEqual(ADMIN_SECTIONS.map((section) => section.to));
  });

  it.each(adminSections.map((section) => section.to))(
    "STAFF asking for %s get 403 inside the admin frame, in words, with the way back",
    async (path) => {
      const { status, html } = await get(path, staff.cookie);
      expect(status).toBe(403);
      expect(menuOf(html)).toEqual(staffSections.map((section) => section.to));
      expect(html).toContain("This section is for administrators");
      expect(html).toMatch(/<a[^>]*href="\/admin"[^>]*>← Back to the overview<\/a>/);
      const spanish = await get(`${path}?lng=es`, staff.cookie);
      expect(spanish.html).toContain("Esta sección es para administradores");
      expect(spanish.html).toContain("Volver al resumen");
    },
  );

  it("a donor's page belongs to donations, and a missing record keeps the frame too", async () => {
    expect((await get("/admin/donors/someone", staff.cookie)).status).toBe(403);
    const missing = await get("/admin/submissions/no-such-id", staff.cookie);
    expect(missing.status).toBe(404);
    expect(menuOf(missing.html)).toContain("/admin/submissions");
    expect(missing.html).toContain("Nothing here");
  });

  it("the copy editor and the entries are not both called content in the menu", async () => {
    const { html } = await get("/admin", admin.cookie);
    expect(html).toContain(">Site wording</a>");
    expect(html).toContain(">Site content</a>");
    expect(html).not.toContain(">Content</a>");
  });
});

describe("the audit log people read", () => {
  beforeAll(async () => {
    const note = (cookie: string, text: string) =>
      postForm("/admin/submissions/access-1", { intent: "note", note: text }, { Cookie: cookie });
    expect((await note(admin.cookie, "Called back")).status).toBe(200);
    expect((await note(staff.cookie, "Sent the schedule")).status).toBe(200);
  });

  it("says what was done in words, names the author and links the record by its name", async () => {
    const { html } = await get("/admin/audit", admin.cookie);
    expect(html).toMatch(/Added a note to <a[^>]*href="\/admin\/submissions\/access-1"[^>]*>Pat Parent<\/a>/);
    expect(html).toContain("Olga Office");
    expect(html).toContain("Dana");
    expect(html).not.toContain("submission.note");
    const spanish = await get("/admin/audit?lng=es", admin.cookie);
    expect(spanish.html).toMatch(/Agregó una nota a <a[^>]*>Pat Parent<\/a>/);
  });

  it("names each changed field as the editor labels it, and each export by its list, in both languages", async () => {
    const post = postFields("audit-in-words", { status: "draft", title_en: "Spring fair" });
    const created = await postForm("/admin/entries/post/new", post, { Cookie: staff.cookie });
    expect(created.status).toBe(302);
    const editor = created.headers.get("Location")!.split("?")[0]!;
    const changed = { ...post, title_en: "Spring fair 2027", publishOn: "2030-04-02", publishTime: "9am" };
    expect((await postForm(editor, changed, { Cookie: staff.cookie })).status).toBe(302);
    expect((await get("/admin/submissions/export.csv?kind=contact", staff.cookie)).status).toBe(200);

    const { html } = await get(`/admin/audit?who=${staff.user.id}`, staff.cookie);
    expect(html).toContain(">Title (English)</p>");
    expect(html).toContain(">Publish on</p>");
    expect(html).toContain(">Address (slug)</dt>");
    expect(html).toContain("Exported submissions (CSV)");
    expect(html).toContain(">Kind: Contact</dd>");
    expect(html).not.toMatch(/title\.en|publishAt|submissions\.export/);
    const spanish = await get(`/admin/audit?who=${staff.user.id}&lng=es`, staff.cookie);
    expect(spanish.html).toContain(">Título (Inglés)</p>");
    expect(spanish.html).toContain(">Publicar el</p>");
    expect(spanish.html).toContain("Exportó solicitudes (CSV)");
  });

  it("STAFF read their own entries only, whatever author they ask for", async () => {
    const own = await get(`/admin/audit?who=${admin.user.id}`, staff.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain("Sent the schedule");
    expect(own.html).not.toContain("Called back");
    expect(own.html).not.toContain("olga@example.org");
  });

  it("an ADMIN filters by author, kind and day", async () => {
    const byDana = await get(`/admin/audit?who=${staff.user.id}&kind=submissions`, admin.cookie);
    expect(byDana.html).toContain("Sent the schedule");
    expect(byDana.html).not.toContain("Called back");
    const exports = await get("/admin/audit?kind=exports", admin.cookie);
    expect(exports.html).not.toContain("Sent the schedule");
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const later = await get(`/admin/audit?from=${tomorrow}`, admin.cookie);
    expect(later.html).not.toContain("Sent the schedule");
    const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const recent = await get(`/admin/audit?from=${today}&to=${tomorrow}`, admin.cookie);
    expect(recent.html).toContain("Sent the schedule");
  });
});
