import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "~/server/auth/password.server";
import { SESSION_MAX_AGE_SECONDS } from "~/server/auth/sessions.server";
import { getDb } from "~/server/db/client.server";
import { rateLimitSubject } from "~/server/kernel/rate-limit.server";
import { outbox, sessions, users } from "~/server/db/schema";
import { sha256Hex } from "~/server/kernel/sha256.server";
import { cookieFrom, PASSWORD, userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm } from "./fetch";

let visitor = 0;
/** Each test posts from its own address, so rate limits of one test do not touch another. */
const fromAddress = () => ({ "CF-Connecting-IP": `198.51.100.${++visitor}` });

/** The token of the latest confirmation link e-mailed to `email` (read from the outbox). */
async function verificationToken(email: string): Promise<string> {
  const rows = await getDb(env).select().from(outbox).where(eq(outbox.to, email));
  const mail = rows.filter((row) => row.template === "account.verify-email").at(-1);
  return /verify-email\?token=([\w.-]+)/.exec(mail!.text)![1]!;
}

const me = (cookie?: string) => fetchPage("/api/v1/auth/me", { headers: cookie ? { Cookie: cookie } : {} });
const postApi = (path: string, cookie?: string, origin = ORIGIN) =>
  fetchPage(path, { method: "POST", headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) } });

describe("password hashing", () => {
  it("uses PBKDF2 at exactly 100,000 iterations (production Workers refuse more)", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const stored = await hashPassword("correct horse battery staple");
    expect(stored.iterations).toBe(100_000);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const [first, second] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
  });
});

describe("sign up and log in", () => {
  it("signs up without signing in, then the e-mailed link (and the password) signs in to /account", async () => {
    const response = await postForm(
      "/signup",
      { name: "Ana Díaz", email: "Ana@Example.com", password: PASSWORD, redirectTo: "" },
      fromAddress(),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toContain("We have sent a message to ana@example.com.");
    const [row] = await getDb(env).select().from(users).where(eq(users.email, "ana@example.com"));
    expect(row).toMatchObject({
      role: "USER",
      name: "Ana Díaz",
      passwordIterations: 100_000,
      emailVerifiedAt: null,
    });
    expect(row!.passwordHash).not.toContain(PASSWORD);

    // Opening the link (as a mail scanner would) changes nothing; it shows a password form.
    const token = await verificationToken("ana@example.com");
    const page = await fetchPage(`/verify-email?token=${token}`);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('name="password"');
    expect(pageHtml).toContain('<meta name="referrer" content="same-origin"/>');
    expect(page.headers.get("Set-Cookie")).toBeNull();

    const verified = await postForm("/verify-email", { token, password: PASSWORD }, fromAddress());
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/account");
    const setCookie = verified.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^session=[\w-]{40,};/);
    for (const attribute of [
      "HttpOnly",
      "Secure",
      "SameSite=Lax",
      "Path=/",
      `Max-Age=${SESSION_MAX_AGE_SECONDS}`,
    ]) {
      expect(setCookie).toContain(attribute);
    }
    // Only the token's hash is stored.
    const sessionToken = cookieFrom(setCookie).slice("session=".length);
    const stored = await getDb(env).select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored.map((session) => session.tokenHash)).toEqual([await sha256Hex(sessionToken)]);
    expect(await (await me(cookieFrom(setCookie))).json()).toEqual({
      name: "Ana Díaz",
      email: "ana@example.com",
      role: "USER",
    });
    // The link verifies once.
    const again = await postForm("/verify-email", { token, password: PASSWORD }, fromAddress());
    expect(again.status).toBe(400);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("a confirmation link needs the account's password: a mailbox owner cannot verify a stranger's account", async () => {
    await postForm(
      "/signup",
      { name: "Mallory", email: "victim-mailbox@example.com", password: PASSWORD },
      fromAddress(),
    );
    const token = await verificationToken("victim-mailbox@example.com");
    const wrong = await postForm("/verify-email", { token, password: "not the password" }, fromAddress());
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("The password is incorrect.");
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    const forged = await postForm(
      "/verify-email",
      { token: `${token.slice(0, -2)}xx`, password: PASSWORD },
      fromAddress(),
    );
    expect(forged.status).toBe(400);
    const [row] = await getDb(env).select().from(users).where(eq(users.email, "victim-mailbox@example.com"));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it("answers signup for an existing address exactly like a new one, and e-mails the owner instead", async () => {
    const { user } = await userWithSession("taken@example.com", "USER", "Tess Taken");
    const fresh = await postForm(
      "/signup",
      { name: "Someone", email: "fresh-twin@example.com", password: "another long password" },
      fromAddress(),
    );
    const taken = await postForm(
      "/signup",
      { name: "Someone", email: "taken@example.com", password: "another long password" },
      fromAddress(),
    );
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.get("Set-Cookie")).toBeNull();
    expect(fresh.headers.get("Set-Cookie")).toBeNull();
    const page = async (response: Response, email: string) =>
      (await response.text()).replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, "");
    expect(await page(taken, "taken@example.com")).toBe(await page(fresh, "fresh-twin@example.com"));

    const mail = await getDb(env).select().from(outbox).where(eq(outbox.to, "taken@example.com"));
    expect(mail.map((row) => row.template)).toEqual(["account.signup-existing"]);
    expect(mail[0]!.text).toContain("Someone tried to create a new product account");
    expect(mail[0]!.text).toContain("/forgot-password");
    // The account is untouched: its name and password stay.
    const [row] = await getDb(env).select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe("Tess Taken");
    expect(
      (await postForm("/login", { email: "taken@example.com", password: PASSWORD }, fromAddress())).status,
    ).toBe(302);
  });

  it("rejects a short password and keeps what was typed, except the password", async () => {
    const response = await postForm(
      "/signup",
      { name: "Short <b>Pass</b>", email: "short@example.com", password: "short" },
      fromAddress(),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Use at least 10 characters.");
    expect(html).toContain('value="short@example.com"');
    expect(html).not.toContain('value="short"');
    expect(html).not.toContain("<b>Pass</b>");
  });

  it("answers a wrong password and an unknown e-mail the same way", async () => {
    await userWithSession("known@example.com");
    const wrong = await postForm(
      "/login",
      { email: "known@example.com", password: "not the password" },
      fromAddress(),
    );
    const unknown = await postForm(
      "/login",
      { email: "nobody@example.com", password: "not the password" },
      fromAddress(),
    );
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const message = "The e-mail or password is incorrect.";
    const [wrongHtml, unknownHtml] = await Promise.all([wrong.text(), unknown.text()]);
    expect(wrongHtml).toContain(message);
    expect(unknownHtml).toContain(message);
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
  });

  it("logs in and goes to a safe redirectTo, /account, or /admin for admins", async () => {
    await userWithSession("member@example.com");
    await userWithSession("boss@example.com", "ADMIN");
    const address = fromAddress();
    const member = await postForm(
      "/login",
      { email: "member@example.com", password: PASSWORD, redirectTo: "/events?x=1" },
      address,
    );
    expect(member.status).toBe(302);
    expect(member.headers.get("Location")).toBe("/events?x=1");
    const evil = await postForm(
      "/login",
      { email: "member@example.com", password: PASSWORD, redirectTo: "//evil.example/" },
      address,
    );
    expect(evil.headers.get("Location")).toBe("/account");
    // An admin's password leads to the second step, which then goes on to /admin (decision 048).
    const admin = await postForm("/login", { email: "boss@example.com", password: PASSWORD }, address);
    expect(admin.headers.get("Location")).toBe("/login/second-factor");
  });

  it("rate limits repeated failures, even when the right password finally comes", async () => {
    await userWithSession("target@example.com");
    const address = fromAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postForm(
        "/login",
        { email: "target@example.com", password: "guess guess" },
        address,
      );
      expect(response.status).toBe(400);
    }
    const blocked = await postForm("/login", { email: "target@example.com", password: PASSWORD }, address);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many failed attempts");
    // Another visitor is not blocked.
    const other = await postForm(
      "/login",
      { email: "target@example.com", password: PASSWORD },
      fromAddress(),
    );
    expect(other.status).toBe(302);
  });

  it("limits one visitor trying many e-mails (password spraying)", async () => {
    const address = fromAddress();
    for (let attempt = 0; attempt < 50; attempt++) {
      await postForm("/login", { email: `spray${attempt}@example.com`, password: "Winter2026!" }, address);
    }
    const blocked = await postForm(
      "/login",
      { email: "spray-last@example.com", password: "Winter2026!" },
      address,
    );
    expect(blocked.status).toBe(429);
  });

  it("limits guesses at one account from many addresses", async () => {
    await userWithSession("spread@example.com");
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await postForm(
        "/login",
        { email: "spread@example.com", password: `guess ${attempt}` },
        fromAddress(),
      );
      expect(response.status).toBe(400);
    }
    // The 11th attempt, from yet another address, is refused even with the right password.
    const blocked = await postForm(
      "/login",
      { email: "spread@example.com", password: PASSWORD },
      fromAddress(),
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many failed attempts. Please wait 15 minutes");
  });

  it("lifts the sign-in limits once the owner resets the password", async () => {
    await userWithSession("locked-out@example.com");
    const owner = fromAddress();
    for (let attempt = 0; attempt < 10; attempt++) {
      await postForm(
        "/login",
        { email: "locked-out@example.com", password: `guess ${attempt}` },
        attempt < 5 ? owner : fromAddress(),
      );
    }
    const locked = await postForm("/login", { email: "locked-out@example.com", password: PASSWORD }, owner);
    expect(locked.status).toBe(429);

    await postForm("/forgot-password", { email: "locked-out@example.com" }, owner);
    const [mail] = (
      await getDb(env).select().from(outbox).where(eq(outbox.to, "locked-out@example.com"))
    ).filter((row) => row.template === "account.password-reset");
    const token = /token=([0-9a-f]{64})/.exec(mail!.text)![1]!;
    const newPassword = "a brand new passphrase";
    expect((await postForm("/reset-password", { token, password: newPassword }, owner)).status).toBe(302);
    const signedIn = await postForm(
      "/login",
      { email: "locked-out@example.com", password: newPassword },
      owner,
    );
    expect(signedIn.status).toBe(302);
  });

  it("counts IPv6 visitors by their /64", async () => {
    await userWithSession("six@example.com");
    for (let attempt = 0; attempt < 5; attempt++) {
      await postForm(
        "/login",
        { email: "six@example.com", password: "guess guess" },
        { "CF-Connecting-IP": `2001:db8:6:4::${attempt + 1}` },
      );
    }
    const sameNetwork = await postForm(
      "/login",
      { email: "six@example.com", password: PASSWORD },
      { "CF-Connecting-IP": "2001:0db8:0006:0004:ffff:eeee:dddd:cccc" },
    );
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await postForm(
      "/login",
      { email: "six@example.com", password: PASSWORD },
      { "CF-Connecting-IP": "2001:db8:6:5::1" },
    );
    expect(otherNetwork.status).toBe(302);
  });

  it.each([
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002::9", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["203.0.113.7", "203.0.113.7"],
    ["not-an-address", "not-an-address"],
    ["1:2:3:4:5:6:7:8:9::", "1:2:3:4:5:6:7:8:9::"],
  ])("rate limits count %s as %s", (address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject);
  });

  it("a success clears the failure count", async () => {
    await userWithSession("forgetful@example.com");
    const address = fromAddress();
    for (let attempt = 0; attempt < 4; attempt++) {
      await postForm("/login", { email: "forgetful@example.com", password: "guess guess" }, address);
    }
    expect(
      (await postForm("/login", { email: "forgetful@example.com", password: PASSWORD }, address)).status,
    ).toBe(302);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(
        (await postForm("/login", { email: "forgetful@example.com", password: "guess" }, address)).status,
      ).toBe(400);
    }
  });

  it("refuses a cross-origin login post", async () => {
    const response = await postForm(
      "/login",
      { email: "x@example.com", password: PASSWORD },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
  });

  it("sends someone already signed in on from /login and /signup", async () => {
    const { cookie } = await userWithSession("already@example.com");
    const response = await fetchPage("/login", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
  });
});

describe("auth API and sessions", () => {
  it("GET /api/v1/auth/me answers 401 without a session", async () => {
    const response = await me();
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((await me("session=forged-token")).status).toBe(401);
  });

  it("POST /api/v1/auth/refresh rotates: a new token, the old row deleted", async () => {
    const { user, cookie } = await userWithSession("rotate@example.com");
    const response = await postApi("/api/v1/auth/refresh", cookie);
    expect(response.status).toBe(204);
    const fresh = cookieFrom(response.headers.get("Set-Cookie"));
    expect(fresh).not.toBe(cookie);
    expect(response.headers.get("Set-Cookie")).toContain("HttpOnly");
    expect((await me(cookie)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    const rows = await getDb(env).select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    // The old token cannot be refreshed again.
    expect((await postApi("/api/v1/auth/refresh", cookie)).status).toBe(401);
  });

  it("an expired session is signed out, and cannot be refreshed", async () => {
    const { user, cookie } = await userWithSession("expired@example.com");
    await getDb(env)
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.userId, user.id));
    expect((await me(cookie)).status).toBe(401);
    expect((await postApi("/api/v1/auth/refresh", cookie)).status).toBe(401);
    expect((await fetchPage("/account", { headers: { Cookie: cookie } })).status).toBe(302);
  });

  it("POST /api/v1/auth/logout ends the session and clears the cookie", async () => {
    const { cookie } = await userWithSession("bye@example.com");
    const response = await postApi("/api/v1/auth/logout", cookie);
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    expect((await me(cookie)).status).toBe(401);
    // Without a session it still answers 204.
    expect((await postApi("/api/v1/auth/logout")).status).toBe(204);
  });

  it("POST /logout without a session, or without a body, redirects home like any logout", async () => {
    const bare = await fetchPage("/logout", { method: "POST", headers: { Origin: ORIGIN } });
    expect(bare.status).toBe(302);
    expect(bare.headers.get("Location")).toBe("/");
    expect((await postForm("/logout", {})).status).toBe(302);
    const { cookie } = await userWithSession("bare-bye@example.com");
    const signedIn = await fetchPage("/logout", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
    });
    expect(signedIn.status).toBe(302);
    expect((await me(cookie)).status).toBe(401);
  });

  it("the /logout form works without JavaScript", async () => {
    const { cookie } = await userWithSession("form-bye@example.com");
    const response = await postForm("/logout", {}, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect((await me(cookie)).status).toBe(401);
  });

  it("refuses cross-origin posts to the auth API", async () => {
    const { cookie } = await userWithSession("csrf@example.com");
    expect((await postApi("/api/v1/auth/logout", cookie, "https://evil.example")).status).toBe(403);
    expect((await postApi("/api/v1/auth/refresh", cookie, "https://evil.example")).status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
  });

  it("the header shows the user's name, lower-cased role and, for admins only, the Admin button", async () => {
    const { cookie: userCookie } = await userWithSession("header-user@example.com", "USER", "Uma User");
    const { cookie: adminCookie } = await userWithSession("header-admin@example.com", "ADMIN", "Ada Admin");
    const anonymous = await (await fetchPage("/")).text();
    expect(anonymous).toContain('href="/give"');
    expect(anonymous).not.toContain('action="/logout"');
    const userHtml = await (await fetchPage("/", { headers: { Cookie: userCookie } })).text();
    expect(userHtml).toContain("Uma User");
    expect(userHtml).toContain(">user<");
    expect(userHtml).toContain('action="/logout"');
    expect(userHtml).not.toContain('href="/admin"');
    const adminHtml = await (await fetchPage("/", { headers: { Cookie: adminCookie } })).text();
    expect(adminHtml).toContain(">admin<");
    expect(adminHtml).toContain('href="/admin"');
  });
});

describe("password reset", () => {
  async function resetMailFor(email: string) {
    const rows = await getDb(env).select().from(outbox).where(eq(outbox.to, email));
    return rows.filter((row) => row.template === "account.password-reset");
  }

  it("e-mails a single-use link that sets a new password and ends old sessions", async () => {
    // Not yet verified: a reset link comes through the mailbox, so using it verifies the address.
    const { cookie } = await userWithSession("reset@example.com", "USER", "Test Person", { verified: false });
    const response = await postForm("/forgot-password", { email: "reset@example.com" }, fromAddress());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("If an account exists for that e-mail");
    const [mail] = await resetMailFor("reset@example.com");
    const token = /token=([0-9a-f]{64})/.exec(mail!.text)![1]!;

    const page = await fetchPage(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="token"');
    expect(html).toContain('<meta name="referrer" content="same-origin"/>');

    const newPassword = "a brand new passphrase";
    const done = await postForm("/reset-password", { token, password: newPassword }, fromAddress());
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?reset=done");
    expect((await me(cookie)).status).toBe(401);
    const [row] = await getDb(env).select().from(users).where(eq(users.email, "reset@example.com"));
    expect(row!.emailVerifiedAt).toEqual(expect.any(String));

    const again = await postForm(
      "/reset-password",
      { token, password: "another new passphrase" },
      fromAddress(),
    );
    expect(again.status).toBe(400);
    const address = fromAddress();
    expect(
      (await postForm("/login", { email: "reset@example.com", password: PASSWORD }, address)).status,
    ).toBe(400);
    expect(
      (await postForm("/login", { email: "reset@example.com", password: newPassword }, address)).status,
    ).toBe(302);
  });

  it("sends at most three links an hour per account, and a reset voids the others", async () => {
    await userWithSession("bombed@example.com");
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postForm("/forgot-password", { email: "bombed@example.com" }, fromAddress());
      expect(response.status).toBe(200);
    }
    const mails = await resetMailFor("bombed@example.com");
    expect(mails).toHaveLength(3);
    const [first, second] = mails.map((mail) => /token=([0-9a-f]{64})/.exec(mail.text)![1]!);
    expect(
      (await postForm("/reset-password", { token: first!, password: "first new passphrase" })).status,
    ).toBe(302);
    expect(
      (await postForm("/reset-password", { token: second!, password: "second new passphrase" })).status,
    ).toBe(400);
  });

  it("expired sessions and links are pruned by the Cron Trigger", async () => {
    const { user } = await userWithSession("prune@example.com");
    await getDb(env)
      .update(sessions)
      .set({ expiresAt: "2000-01-01T00:00:00.000Z" })
      .where(eq(sessions.userId, user.id));
    const { pruneExpiredSessions } = await import("~/server/auth/sessions.server");
    await pruneExpiredSessions(env);
    expect(await getDb(env).select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("says the same for an unknown e-mail and sends nothing", async () => {
    const response = await postForm("/forgot-password", { email: "ghost@example.com" }, fromAddress());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("If an account exists for that e-mail");
    expect(await resetMailFor("ghost@example.com")).toEqual([]);
  });
});

describe("safe redirects", () => {
  it.each([
    ["/account", "/account"],
    ["/events?lng=es#top", "/events?lng=es#top"],
    ["//evil.example", "/f"],
    ["/\\evil.example", "/f"],
    ["https://evil.example", "/f"],
    ["javascript:alert(1)", "/f"],
    ["/%0d%0aSet-Cookie:x", "/f"],
    ["/\nx", "/f"],
    ["", "/f"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirectPath(input, "/f")).toBe(expected);
  });
});
