import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, outbox, users } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";

let admin: Awaited<ReturnType<typeof userWithSession>>;
const text = (html: string) => shown(html).replaceAll("<!-- -->", "");
const post = (fields: Record<string, string>) => postForm("/admin/users", fields, { Cookie: admin.cookie });
const invite = (fields: Record<string, string>) =>
  post({
    intent: "invite",
    name: "Dana Díaz",
    email: "dana.new@example.org",
    role: "STAFF",
    locale: "es",
    ...fields,
  });

/** The link in the newest invitation mail to `to`, as a path. */
async function invitationLink(to: string) {
  const [mail] = await getDb(env)
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  const link = /https:\/\/example\.org(\/invite\?token=[^\s]+)/.exec(mail!.text)?.[1];
  if (!link) throw new Error("no invitation link");
  return { mail: mail!, path: link };
}

beforeAll(async () => {
  admin = await userWithSession("olga.invites@example.org", "ADMIN", "Olga Office");
});

describe("inviting a staff member from /admin/users", () => {
  it("e-mails a link in the invitee's language, lists the invitation, and audits it", async () => {
    const response = await invite({});
    expect(response.status).toBe(200);
    expect(text(await response.text())).toContain("The invitation to dana.new@example.org is on its way.");
    const { mail, path } = await invitationLink("dana.new@example.org");
    expect(mail).toMatchObject({ template: "account.staff-invite", locale: "es" });
    expect(mail.subject).toBe("Su invitación a la administración de product");
    expect(mail.text).toContain("como miembro del personal");
    expect(path).toContain("&lng=es");
    const page = text(await (await fetchPage("/admin/users", { headers: { Cookie: admin.cookie } })).text());
    expect(page).toContain("Open invitations");
    expect(page).toContain("dana.new@example.org");
    const [audit] = await getDb(env).select().from(auditLog).where(eq(auditLog.action, "invite.create"));
    expect(audit!.detail).toEqual({ email: "dana.new@example.org", role: "STAFF" });
  }, 60_000);

  it("says so by the e-mail field for an address that already has an account or an open invitation, keeping what was typed", async () => {
    const taken = await invite({ email: "olga.invites@example.org", name: "Someone" });
    expect(taken.status).toBe(409);
    const html = text(await taken.text());
    expect(html).toMatch(
      /<a href="#invite-email"[^>]*>E-mail: This address already has an account. Change its role in the list below.<\/a>/,
    );
    expect(html).toContain('value="Someone"');
    const again = await invite({});
    expect(again.status).toBe(409);
    expect(text(await again.text())).toContain("E-mail: This address already has an open invitation.");
  });

  it("refuses a missing name with a summary naming the field, in the page's language, without JavaScript", async () => {
    const response = await invite({ name: "", email: "x@example.org", role: "ADMIN" });
    expect(response.status).toBe(400);
    const html = text(await response.text());
    expect(html).toContain("There is a problem");
    expect(html).toMatch(/<a href="#invite-name"[^>]*>Name: Required field<\/a>/);
    expect(html).toMatch(/id="invite-name-error"[^>]*>Required field</);
    expect(html).toContain('value="x@example.org"');
    expect(html).toMatch(/<option value="ADMIN" selected="">/);
    const spanish = await postForm(
      "/admin/users?lng=es",
      { intent: "invite", name: "", email: "x@example.org", role: "STAFF", locale: "es" },
      { Cookie: admin.cookie },
    );
    expect(text(await spanish.text())).toMatch(/<a href="#invite-name"[^>]*>Nombre: Campo obligatorio<\/a>/);
  });

  it("sending again replaces the link; withdrawing closes it", async () => {
    const first = await invitationLink("dana.new@example.org");
    const [row] = await getDb(env).select().from(auditLog).where(eq(auditLog.action, "invite.create"));
    // The signature covers the time it was sent: wait past the millisecond so the new one differs.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await post({ intent: "resend-invite", id: row!.targetId! })).status).toBe(200);
    const second = await invitationLink("dana.new@example.org");
    expect(second.path).not.toBe(first.path);
    // The page speaks the invitee's language, as the link says.
    expect(text(await (await fetchPage(first.path)).text())).toContain(
      "Este enlace de invitación no es válido",
    );
    expect(text(await (await fetchPage(second.path)).text())).toContain("Dana Díaz");

    await invite({ email: "gone@example.org", name: "Gone", locale: "en" });
    const gone = await invitationLink("gone@example.org");
    const [goneRow] = await getDb(env)
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, "invite"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect((await post({ intent: "revoke-invite", id: goneRow!.targetId! })).status).toBe(200);
    expect(text(await (await fetchPage(gone.path)).text())).toContain("This invitation link is invalid");
  });

  it("the link creates the account with its role and goes on to the second-factor enrolment", async () => {
    const { path } = await invitationLink("dana.new@example.org");
    const token = new URL(path, "https://example.org").searchParams.get("token")!;
    const response = await postForm(path, { token, password: "a long enough password" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/second-factor");
    expect(response.headers.get("Set-Cookie")).toContain("second-factor=");
    expect(response.headers.get("Set-Cookie")).not.toContain("session=");
    const [account] = await getDb(env).select().from(users).where(eq(users.email, "dana.new@example.org"));
    expect(account).toMatchObject({ role: "STAFF", name: "Dana Díaz", locale: "es" });
    expect(account!.emailVerifiedAt).not.toBeNull();
    // Once used, the link opens nothing, and the invitation leaves the list.
    const reused = await postForm(path, { token, password: "a long enough password" });
    expect(reused.status).toBe(400);
    const page = text(await (await fetchPage("/admin/users", { headers: { Cookie: admin.cookie } })).text());
    expect(page).not.toContain("Send again: the invitation to dana.new@example.org");
    const audit = text(await (await fetchPage("/admin/audit", { headers: { Cookie: admin.cookie } })).text());
    expect(audit).toContain("Accepted the invitation:");
    // The invitation by the invitee's name, linked to where invitations are kept.
    expect(audit).toMatch(/Invited <a[^>]*href="\/admin\/users"[^>]*>Dana Díaz<\/a>/);
  });
});
