import { env } from "cloudflare:workers";
import { desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { csvCell, csvLine } from "~/server/records/csv.server";
import { getDb } from "~/server/db/client.server";
import { auditLog, outbox, submissions, subscribers, translationOverrides, users } from "~/server/db/schema";
import { handleScheduled } from "~/server/scheduled.server";
import { PASSWORD, secondFactorSessionCookie, userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";

let admin: Awaited<ReturnType<typeof userWithSession>>;
let member: Awaited<ReturnType<typeof userWithSession>>;
let staff: Awaited<ReturnType<typeof userWithSession>>;
const SUBMISSION_ID = "sub-1";

async function seed() {
  const db = getDb(env);
  await db.insert(submissions).values({
    id: SUBMISSION_ID,
    kind: "contact",
    locale: "en",
    name: "<script>alert('x')</script>",
    email: "parent@example.com",
    phone: "+1 212 555 0100",
    payload: {
      fullName: '=HYPERLINK("https://evil.example","click")',
      email: "parent@example.com",
      phone: "@SUM(A1)",
      subject: "program",
      message: 'Hello, "team"\nsecond line',
      preferredContact: "-2+3",
      tab: "\tx",
    },
    idempotencyKey: "k1",
  });
  await db
    .insert(subscribers)
    .values({ id: "s1", email: "reader@example.com", locale: "en", status: "confirmed" });
  await db.insert(outbox).values({
    id: "o1",
    to: "parent@example.com",
    subject: "Thanks",
    text: "Body",
    template: "test.failed",
    locale: "en",
    status: "failed",
    attempts: 8,
    lastError: "provider down",
  });
}

beforeAll(async () => {
  admin = await userWithSession("admin@example.org", "ADMIN", "Ada Admin");
  member = await userWithSession("member@example.org", "USER", "Max Member");
  staff = await userWithSession("staff@example.org", "STAFF", "Sam Staff");
  await seed();
});

const get = (path: string, cookie?: string) => fetchPage(path, { headers: cookie ? { Cookie: cookie } : {} });

const PAGES = [
  "/admin",
  "/admin/submissions",
  "/admin/submissions?kind=contact&status=new&q=parent&page=1",
  `/admin/submissions/${SUBMISSION_ID}`,
  "/admin/submissions/export.csv?kind=contact",
  "/admin/donations",
  "/admin/donations/export.csv",
  "/admin/donations/monthly",
  "/admin/donations/statements",
  "/admin/subscribers",
  "/admin/subscribers/export.csv",
  "/admin/newsletters",
  "/admin/content",
  "/admin/entries",
  "/admin/entries/event",
  "/admin/entries/event/new",
  "/admin/files",
  "/admin/registrations",
  "/admin/outbox",
  "/admin/users",
  "/admin/audit",
];

/** What STAFF may open (decisions 022, 052); every other page in PAGES is for an ADMIN only. */
const STAFF_PAGES = new Set([
  "/admin",
  "/admin/submissions",
  "/admin/submissions?kind=contact&status=new&q=parent&page=1",
  `/admin/submissions/${SUBMISSION_ID}`,
  "/admin/submissions/export.csv?kind=contact",
  "/admin/subscribers",
  "/admin/subscribers/export.csv",
  "/admin/newsletters",
  "/admin/content",
  "/admin/entries",
  "/admin/entries/event",
  "/admin/entries/event/new",
  "/admin/files",
  "/admin/audit",
]);
const ADMIN_ONLY_PAGES = PAGES.filter((path) => !STAFF_PAGES.has(path));

/** Every admin action, with a valid body. */
const ACTIONS: { path: string; fields: () => Record<string, string> }[] = [
  {
    path: `/admin/submissions/${SUBMISSION_ID}`,
    fields: () => ({ intent: "work", status: "spam", assignedTo: "" }),
  },
  { path: "/admin/subscribers", fields: () => ({ id: "s1", email: "reader@example.com" }) },
  {
    path: "/admin/content",
    fields: () => ({ intent: "save", locale: "es", namespace: "common", key: "nav.home", value: "Hackeado" }),
  },
  { path: "/admin/outbox", fields: () => ({ id: "o1" }) },
  { path: "/admin/outbox", fields: () => ({ intent: "retry-all" }) },
  { path: "/admin/users", fields: () => ({ id: member.user.id, role: "ADMIN" }) },
];
/** The actions STAFF may take; the others in ACTIONS answer STAFF 403. */
const STAFF_ACTION_PATHS = new Set([
  `/admin/submissions/${SUBMISSION_ID}`,
  "/admin/subscribers",
  "/admin/content",
]);
const ADMIN_ONLY_ACTIONS = ACTIONS.filter(({ path }) => !STAFF_ACTION_PATHS.has(path));

async function snapshot() {
  const db = getDb(env);
  return {
    submission: (await db.select().from(submissions).where(eq(submissions.id, SUBMISSION_ID)))[0]?.status,
    subscriber: (await db.select().from(subscribers).where(eq(subscribers.id, "s1")))[0]?.status,
    overrides: (await db.select().from(translationOverrides)).length,
    outbox: (await db.select().from(outbox).where(eq(outbox.id, "o1")))[0]?.status,
    memberRole: (await db.select().from(users).where(eq(users.id, member.user.id)))[0]?.role,
    audit: (await db.select().from(auditLog)).length,
  };
}

describe("authorisation matrix: every admin loader", () => {
  it.each(PAGES)("anonymous → /login for %s", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it.each(PAGES)("USER → 403 for %s", async (path) => {
    const response = await get(path, member.cookie);
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).not.toContain("parent@example.com");
    expect(body).not.toContain("reader@example.com");
  });

  it.each([...STAFF_PAGES])("STAFF → 200 for %s", async (path) => {
    const response = await get(path, staff.cookie);
    expect(response.status).toBe(200);
  });

  it.each(ADMIN_ONLY_PAGES)("STAFF → 403 for the admin-only %s", async (path) => {
    const response = await get(path, staff.cookie);
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).not.toContain("admin@example.org");
    expect(body).not.toContain("provider down");
  });

  it("the menu shows STAFF only the sections they may use, and the overview no gifts", async () => {
    const html = await (await get("/admin", staff.cookie)).text();
    for (const path of ["/admin/submissions", "/admin/subscribers", "/admin/newsletters", "/admin/content"]) {
      expect(html).toContain(`href="${path}"`);
    }
    for (const path of ["/admin/donations", "/admin/outbox", "/admin/users", "/admin/registrations"]) {
      expect(html).not.toContain(`href="${path}"`);
    }
    expect(html).not.toContain(">Gifts this month</h2>");
    const adminHtml = await (await get("/admin", admin.cookie)).text();
    expect(adminHtml).toContain('href="/admin/users"');
    expect(adminHtml).toContain(">Gifts this month</h2>");
  });

  it.each(PAGES)("ADMIN → 200 for %s", async (path) => {
    const response = await get(path, admin.cookie);
    expect(response.status).toBe(200);
    if (!path.includes(".csv")) {
      expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
      expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it("client-side data requests are guarded too", async () => {
    const userData = await get("/admin/users.data", member.cookie);
    expect(await userData.text()).not.toContain("admin@example.org");
    const anonymousData = await get("/admin/submissions.data");
    expect(await anonymousData.text()).not.toContain("parent@example.com");
    const adminData = await get("/admin/users.data", admin.cookie);
    expect(await adminData.text()).toContain("admin@example.org");
  });
});

describe("authorisation matrix: every admin action", () => {
  it.each(ACTIONS)("anonymous and USER change nothing at $path", async ({ path, fields }) => {
    const before = await snapshot();
    const anonymous = await postForm(path, fields());
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const user = await postForm(path, fields(), { Cookie: member.cookie });
    expect(user.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it.each(ADMIN_ONLY_ACTIONS)("STAFF gets 403 and changes nothing at $path", async ({ path, fields }) => {
    const before = await snapshot();
    const response = await postForm(path, fields(), { Cookie: staff.cookie });
    expect(response.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it.each(ACTIONS)("a cross-origin post is refused at $path", async ({ path, fields }) => {
    const before = await snapshot();
    const response = await postForm(path, fields(), { Cookie: admin.cookie, Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("admin actions, audited", () => {
  it("works a submission from new to done and assigns it; the audit log keeps before and after", async () => {
    for (const status of ["in-progress", "done"]) {
      const response = await postForm(
        `/admin/submissions/${SUBMISSION_ID}`,
        { intent: "work", status, assignedTo: staff.user.id },
        { Cookie: admin.cookie },
      );
      expect(response.status).toBe(200);
    }
    const [row] = await getDb(env).select().from(submissions).where(eq(submissions.id, SUBMISSION_ID));
    expect(row).toMatchObject({ status: "done", assignedTo: staff.user.id });
    const audit = await getDb(env).select().from(auditLog).where(eq(auditLog.targetId, SUBMISSION_ID));
    expect(audit.map((entry) => entry.detail)).toContainEqual({
      kind: "contact",
      changes: { status: { before: "in-progress", after: "done" } },
    });
    // Saving the same values again records that nothing changed.
    await postForm(
      `/admin/submissions/${SUBMISSION_ID}`,
      { intent: "work", status: "done", assignedTo: staff.user.id },
      { Cookie: admin.cookie },
    );
    const [latest] = await getDb(env)
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, SUBMISSION_ID))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(latest!.detail).toEqual({ kind: "contact", changes: {} });
    expect(audit.every((entry) => entry.userEmail === "admin@example.org")).toBe(true);
    const page = await (await get(`/admin/submissions/${SUBMISSION_ID}`, admin.cookie)).text();
    expect(page).toContain("Status set by Ada Admin");
    expect(page).toContain("Assigned by Ada Admin");
  });

  it("refuses an unknown status, and a submission given to someone outside the team", async () => {
    const response = await postForm(
      `/admin/submissions/${SUBMISSION_ID}`,
      { intent: "work", status: "deleted", assignedTo: "" },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(400);
    const outsider = await postForm(
      `/admin/submissions/${SUBMISSION_ID}`,
      { intent: "work", status: "done", assignedTo: member.user.id },
      { Cookie: admin.cookie },
    );
    expect(outsider.status).toBe(400);
    expect(await outsider.text()).toContain("this person cannot work the inbox");
    const [row] = await getDb(env).select().from(submissions).where(eq(submissions.id, SUBMISSION_ID));
    expect(row!.assignedTo).toBe(staff.user.id);
  });

  it("escapes what visitors typed on admin pages", async () => {
    for (const path of ["/admin/submissions", `/admin/submissions/${SUBMISSION_ID}`]) {
      const html = await (await get(path, admin.cookie)).text();
      expect(html).not.toContain("<script>alert('x')</script>");
      expect(html).toContain("&lt;script&gt;");
    }
  });

  it("an edited string that looks like markup stays data inside the page's translations block", async () => {
    const value = "</script><script>alert(1)</script><!-- Inicio";
    await postForm(
      "/admin/content",
      { intent: "save", locale: "es", namespace: "common", key: "nav.home", value },
      { Cookie: admin.cookie },
    );
    const html = await (await get("/contact?lng=es")).text();
    const block = /<script type="application\/json" id="i18n-resources">([\s\S]*?)<\/script>/.exec(html)![1];
    const translations = JSON.parse(block ?? "") as { common: { nav: { home: string } } };
    expect(translations.common.nav.home).toBe(value);
    await postForm(
      "/admin/content",
      { intent: "reset", locale: "es", namespace: "common", key: "nav.home" },
      { Cookie: admin.cookie },
    );
  });

  it("edits a Spanish string; the public page shows it on the next request; reset restores it", async () => {
    expect(await (await get("/?lng=es")).text()).toContain("Inicio");
    const save = await postForm(
      "/admin/content",
      { intent: "save", locale: "es", namespace: "common", key: "nav.home", value: "Portada nueva" },
      { Cookie: admin.cookie },
    );
    expect(save.status).toBe(200);
    const [saved] = await getDb(env)
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content.save"))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(saved!.detail).toEqual({ changes: { value: { before: "Inicio", after: "Portada nueva" } } });
    expect(await (await get("/?lng=es")).text()).toContain("Portada nueva");
    expect(await (await get("/locales/es/common.json")).text()).toContain("Portada nueva");
    const reset = await postForm(
      "/admin/content",
      { intent: "reset", locale: "es", namespace: "common", key: "nav.home" },
      { Cookie: admin.cookie },
    );
    expect(reset.status).toBe(200);
    expect(await (await get("/?lng=es")).text()).not.toContain("Portada nueva");
    const actions = (await getDb(env).select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["content.save", "content.reset"]));
  });

  it("refuses keys the site does not have", async () => {
    const response = await postForm(
      "/admin/content",
      { intent: "save", locale: "es", namespace: "common", key: "made.up", value: "x" },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(400);
  });

  it("retries an outbox message", async () => {
    const response = await postForm("/admin/outbox", { id: "o1" }, { Cookie: admin.cookie });
    expect(response.status).toBe(200);
    const [row] = await getDb(env).select().from(outbox).where(eq(outbox.id, "o1"));
    expect(row!.status).toBe("sent");
    const [entry] = await getDb(env).select().from(auditLog).where(eq(auditLog.action, "outbox.retry"));
    expect(entry).toMatchObject({
      targetId: "o1",
      userEmail: "admin@example.org",
      detail: { template: "test.failed", changes: { status: { before: "failed", after: "pending" } } },
    });
  });

  it("shows how many e-mails failed and retries them all at once", async () => {
    const db = getDb(env);
    const failed = { subject: "Receipt", text: "Body", template: "test.failed", locale: "en" };
    await db.insert(outbox).values([
      { ...failed, id: "o2", to: "a@example.com", status: "failed", attempts: 9 },
      { ...failed, id: "o3", to: "b@example.com", status: "failed", attempts: 12 },
    ]);
    const page = await (await get("/admin/outbox", admin.cookie)).text();
    expect(page).toMatch(/\d+ e-mails could not be sent after several attempts/);
    expect(page).toContain('value="retry-all"');

    const response = await postForm("/admin/outbox", { intent: "retry-all" }, { Cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/\d+ e-mails are due again; they go out over the next runs/);
    // The request sends none: they are due now, and the next Cron run delivers them.
    const due = await db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, ["o2", "o3"]));
    expect(due.map((row) => row.status)).toEqual(["pending", "pending"]);
    await handleScheduled(env);
    const rows = await db.select().from(outbox).where(eq(outbox.template, "test.failed"));
    expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
    expect(await (await get("/admin/outbox", admin.cookie)).text()).not.toContain('value="retry-all"');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "outbox.retry-all"));
    expect(entry).toMatchObject({ userEmail: "admin@example.org", targetType: "outbox" });
  });

  it("unsubscribes a subscriber", async () => {
    const response = await postForm(
      "/admin/subscribers",
      { id: "s1", email: "reader@example.com" },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(200);
    const [row] = await getDb(env).select().from(subscribers).where(eq(subscribers.id, "s1"));
    expect(row!.status).toBe("unsubscribed");
    const [entry] = await getDb(env)
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "subscriber.unsubscribe"));
    expect(entry!.detail).toEqual({
      email: "reader@example.com",
      changes: {
        status: { before: "confirmed", after: "unsubscribed" },
        unsubscribedAt: { before: null, after: row!.unsubscribedAt },
      },
    });
  });

  it("shows the audit log, each change before and after", async () => {
    const html = await (await get("/admin/audit", admin.cookie)).text();
    expect(html).toContain("Changed the status or assignee of");
    expect(html).toContain("admin@example.org");
    expect(html).toMatch(/<dt[^>]*>Before<\/dt><dd[^>]*>In progress<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>After<\/dt><dd[^>]*>Done<\/dd>/);
    expect(html).toContain("Rows exported");
    const spanish = await (await get("/admin/audit?lng=es", admin.cookie)).text();
    expect(spanish).toMatch(/<dt[^>]*>Antes<\/dt>/);
  });
});

describe("users and the last-admin rule", () => {
  it("the only admin cannot be made a user", async () => {
    const soleAdmin = await userWithSession("sole@example.net", "ADMIN");
    // Make the other admins users first, so only one admin is left.
    await getDb(env).update(users).set({ role: "USER" }).where(eq(users.role, "ADMIN"));
    await getDb(env).update(users).set({ role: "ADMIN" }).where(eq(users.id, soleAdmin.user.id));
    const response = await postForm(
      "/admin/users",
      { id: soleAdmin.user.id, role: "USER" },
      { Cookie: soleAdmin.cookie },
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("at least one admin");
    const [row] = await getDb(env).select().from(users).where(eq(users.id, soleAdmin.user.id));
    expect(row!.role).toBe("ADMIN");

    // With a second admin, either can be made a user. The session the second one had as a USER
    // passed no second factor, so it does not open /admin (decision 048); a new one does.
    const second = await userWithSession("second@example.net", "USER");
    expect(
      (await postForm("/admin/users", { id: second.user.id, role: "ADMIN" }, { Cookie: soleAdmin.cookie }))
        .status,
    ).toBe(200);
    expect((await get("/admin", second.cookie)).status).toBe(302);
    const secondAdmin = await secondFactorSessionCookie(second.user.id);
    expect(
      (await postForm("/admin/users", { id: soleAdmin.user.id, role: "USER" }, { Cookie: secondAdmin }))
        .status,
    ).toBe(200);
    const entries = await getDb(env).select().from(auditLog).where(eq(auditLog.action, "user.role"));
    expect(entries.map((entry) => entry.detail)).toContainEqual({
      email: "sole@example.net",
      changes: { role: { before: "ADMIN", after: "USER" } },
    });
    // The demoted admin is now refused.
    expect((await get("/admin", soleAdmin.cookie)).status).toBe(403);
    await getDb(env).update(users).set({ role: "ADMIN" }).where(eq(users.id, admin.user.id));
  });
});

describe("the STAFF role", () => {
  it("an admin gives and takes the STAFF role on /admin/users, audited; it opens the inbox but not users", async () => {
    const helper = await userWithSession("helper@example.org", "USER", "Hal Helper");
    expect((await get("/admin/submissions", helper.cookie)).status).toBe(403);
    const users = await (await get("/admin/users", admin.cookie)).text();
    expect(users).toContain('<option value="STAFF">Staff</option>');
    const give = await postForm(
      "/admin/users",
      { id: helper.user.id, role: "STAFF" },
      { Cookie: admin.cookie },
    );
    expect(give.status).toBe(200);
    expect(await give.text()).toContain("The role of  is now Staff.");
    // The session from before the change passed no second factor: it does not open the inbox.
    expect((await get("/admin/submissions", helper.cookie)).status).toBe(302);
    helper.cookie = await secondFactorSessionCookie(helper.user.id);
    expect((await get("/admin/submissions", helper.cookie)).status).toBe(200);
    expect((await get("/admin/users", helper.cookie)).status).toBe(403);
    const take = await postForm(
      "/admin/users",
      { id: helper.user.id, role: "USER" },
      { Cookie: admin.cookie },
    );
    expect(take.status).toBe(200);
    expect((await get("/admin/submissions", helper.cookie)).status).toBe(403);
    const entries = await getDb(env).select().from(auditLog).where(eq(auditLog.targetId, helper.user.id));
    expect(entries.map((entry) => entry.detail)).toEqual(
      expect.arrayContaining([
        { email: "helper@example.org", changes: { role: { before: "USER", after: "STAFF" } } },
        { email: "helper@example.org", changes: { role: { before: "STAFF", after: "USER" } } },
      ]),
    );
  });

  it("STAFF works a submission, unsubscribes a reader and edits copy, each audited under their name", async () => {
    const db = getDb(env);
    await db.update(subscribers).set({ status: "confirmed" }).where(eq(subscribers.id, "s1"));
    for (const { path, fields } of ACTIONS.filter((action) => STAFF_ACTION_PATHS.has(action.path))) {
      expect((await postForm(path, fields(), { Cookie: staff.cookie })).status).toBe(200);
    }
    await postForm(
      "/admin/content",
      { intent: "reset", locale: "es", namespace: "common", key: "nav.home" },
      { Cookie: staff.cookie },
    );
    const actions = (await db.select().from(auditLog).where(eq(auditLog.userEmail, "staff@example.org"))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "submission.update",
        "subscriber.unsubscribe",
        "content.save",
        "content.reset",
      ]),
    );
  });

  it("STAFF signs in to the back office through the second step", async () => {
    const response = await postForm("/login", { email: "staff@example.org", password: PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/second-factor");
    expect(response.headers.get("Set-Cookie")).not.toContain("session=");
  });
});

describe("CSV export", () => {
  it("neutralises formulas and quotes per RFC 4180", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe(`"'\tx"`);
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell('say "hi", twice')).toBe('"say ""hi"", twice"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
    expect(csvLine(["a", "b"])).toBe("a,b\r\n");
  });

  it("neutralises a cell that a spreadsheet splitting on ; or , would turn into a formula", () => {
    // Excel with ";" as its list separator splits ok;=cmd into "ok" and a formula.
    expect(csvCell("ok;=cmd")).toBe(`"ok;'=cmd"`);
    expect(csvCell("ok,=cmd")).toBe(`"ok,'=cmd"`);
    expect(csvCell('x"; =HYPERLINK("https://evil.example")')).toBe(
      `"x""; '=HYPERLINK(""https://evil.example"")"`,
    );
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("line\n@SUM(A1)")).toBe(`"line\n'@SUM(A1)"`);
    expect(csvCell("2026-11-22T10:00:00.000Z")).toBe("2026-11-22T10:00:00.000Z");
    expect(csvCell("jean-luc@example.com")).toBe("jean-luc@example.com");
  });

  it.each([
    [
      "/admin/submissions/export.csv?kind=contact&status=done",
      "submissions.export",
      { kind: "contact", status: "done" },
    ],
    [
      "/admin/donations/export.csv?status=succeeded&from=2026-01-01&q=ana",
      "donations.export",
      { status: "succeeded", from: "2026-01-01", q: "ana" },
    ],
    ["/admin/subscribers/export.csv?status=unsubscribed", "subscribers.export", { status: "unsubscribed" }],
  ])(
    "%s is recorded in the audit log: who, when, which filters, how many rows",
    async (path, action, filters) => {
      const db = getDb(env);
      const before = await db.select().from(auditLog).where(eq(auditLog.action, action));
      const response = await get(path, admin.cookie);
      expect(response.status).toBe(200);
      const dataRows = (await response.text()).split("\r\n").filter(Boolean).length - 1;
      const entries = await db.select().from(auditLog).where(eq(auditLog.action, action));
      expect(entries).toHaveLength(before.length + 1);
      const entry = entries.find((row) => !before.some((old) => old.id === row.id))!;
      expect(entry).toMatchObject({ userEmail: "admin@example.org", detail: { filters, rows: dataRows } });
      expect(Date.now() - new Date(entry.createdAt).getTime()).toBeLessThan(60_000);
    },
  );

  it("the submissions export counts its rows, and a refused export leaves no entry", async () => {
    const db = getDb(env);
    await get("/admin/submissions/export.csv?kind=contact", admin.cookie);
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "submissions.export"))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(entries[0]!.detail).toEqual({ filters: { kind: "contact" }, rows: 1 });
    const count = entries.length;
    expect((await get("/admin/submissions/export.csv?kind=contact", member.cookie)).status).toBe(403);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "submissions.export"))).toHaveLength(
      count,
    );
  });

  it("exports one kind of submission as an attachment, safely", async () => {
    const response = await get("/admin/submissions/export.csv?kind=contact", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="submissions-contact-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    expect(csv).toContain("'-2+3");
    expect(csv).toContain("'@SUM(A1)");
    expect(csv).toContain(`"Hello, ""team""\nsecond line"`);
    expect(csv).toContain("'+1 212 555 0100");
    // One column per field of the contact form, under its label; option values as their labels.
    expect(csv.split("\r\n")[0]).toBe(
      "id,created_at,form,status,locale,name,email,phone,assigned_to,Full name,Email,Phone,Subject,Message," +
        "Preferred contact method,Send me the newsletter (we'll ask you to confirm by email)," +
        "utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer,notes",
    );
    expect(csv).toContain(",Program information,");
    // No notes, and a visit with no campaign: the six columns of where it came from are empty.
    expect(csv.split("\r\n")[1]!.endsWith(",None specified,,,,,,,")).toBe(true);
  });
});

describe("a refused admin save says why, next to the form", () => {
  const refusal = async (path: string, fields: Record<string, string>, status: number) => {
    const response = await postForm(path, fields, { Cookie: admin.cookie });
    expect(response.status).toBe(status);
    return response.text();
  };

  it("a submission with an unknown status", async () => {
    const html = await refusal(
      `/admin/submissions/${SUBMISSION_ID}`,
      { intent: "work", status: "deleted", assignedTo: "" },
      400,
    );
    expect(html).toContain("Not saved: something in the form is not valid. Check it and try again.");
  });

  it("a role that does not exist, in English and in Spanish", async () => {
    const fields = { id: member.user.id, role: "OWNER" };
    expect(await refusal("/admin/users", fields, 400)).toContain(
      "Not saved: something in the form is not valid.",
    );
    expect(await refusal("/admin/users?lng=es", fields, 400)).toContain(
      "No se guardó: algo en el formulario no es válido. Revíselo e inténtelo de nuevo.",
    );
  });

  it("a role change for a user who no longer exists", async () => {
    const html = await refusal("/admin/users", { id: "no-such-user", role: "ADMIN" }, 404);
    expect(html).toContain("Not saved: this user no longer exists.");
  });

  it("an empty text for a key the site has", async () => {
    const fields = { intent: "save", locale: "es", namespace: "common", key: "nav.home", value: "" };
    const html = await refusal("/admin/content", fields, 400);
    expect(html).toContain("Not saved: the new text for nav.home is empty or not valid.");
  });

  it("an outbox retry without an id, and one for a message that is not waiting", async () => {
    expect(await refusal("/admin/outbox", { id: "" }, 400)).toContain(
      "Not saved: something in the form is not valid.",
    );
    expect(await refusal("/admin/outbox", { id: "no-such-message" }, 404)).toContain(
      "Not retried: this message was already sent or no longer exists.",
    );
  });
});
