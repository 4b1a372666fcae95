import { env } from "cloudflare:workers";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, passkeys, sessions, totpCredentials, users } from "~/server/db/schema";
import { cookieFrom, passwordSessionCookie, PASSWORD, userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";

let visitor = 0;
/** Each test signs in from its own address, so one test's login limits do not touch another. */
const fromAddress = () => ({ "CF-Connecting-IP": `203.0.113.${++visitor}` });

const get = (path: string, cookie: string) => fetchPage(path, { headers: { Cookie: cookie } });

/** The cookies a response sets, as one Cookie header (an emptied cookie left out). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The password step: the pending cookie that opens the second step. */
async function password(email: string, extra: Record<string, string> = {}) {
  const response = await postForm("/login", { email, password: PASSWORD, ...extra }, fromAddress());
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/login/second-factor");
  expect(response.headers.get("Set-Cookie")).not.toContain("session=");
  return cookiesOf(response);
}

/** The key the enrolment page shows, read from its otpauth:// link as an app would. */
async function offeredKey(pending: string): Promise<{ key: Uint8Array; html: string }> {
  const html = await (await get("/login/second-factor", pending)).text();
  const secret = /otpauth:\/\/totp\/[^"]*secret=([A-Z2-7]+)/.exec(html)?.[1];
  if (!secret) throw new Error("no key offered");
  return { key: decodeBase32IgnorePadding(secret), html };
}

const STEP_MS = 30_000;
/** The app's code `offset` steps from now. */
const codeAt = (key: Uint8Array, offset = 0) =>
  generateHOTP(key, BigInt(Math.floor(Date.now() / STEP_MS) + offset), 6);

const submitCode = (pending: string, code: string) =>
  postForm("/login/second-factor", { code }, { Cookie: pending, ...fromAddress() });

/** A staff member who has enrolled an app; returns its key and the recovery codes shown once. */
async function enrolledStaff(email: string, role: "ADMIN" | "STAFF" = "STAFF") {
  const { user } = await userWithSession(email, role);
  const pending = await password(email);
  const { key } = await offeredKey(pending);
  const enrolled = await submitCode(pending, codeAt(key));
  expect(enrolled.status).toBe(200);
  const html = await enrolled.text();
  const recoveryCodes = [...html.matchAll(/<li>([2-9A-Z]{5}-[2-9A-Z]{5})<\/li>/g)].map((match) => match[1]!);
  // Each test goes on two 30-second steps later, so the codes around it were never used.
  vi.setSystemTime(Date.now() + 2 * STEP_MS);
  return { user, key, recoveryCodes, session: cookiesOf(enrolled) };
}

beforeEach(() => {
  // Time stands still in the middle of a 30-second step: a test never crosses a step boundary.
  vi.useFakeTimers({ toFake: ["Date"] });
  const now = Date.now();
  vi.setSystemTime(now - (now % STEP_MS) + STEP_MS / 2);
});
afterEach(() => vi.useRealTimers());

describe("a password alone never opens /admin", () => {
  it("the password step gives only a pending cookie, which opens nothing but the second step", async () => {
    await userWithSession("pending@example.org", "STAFF");
    const pending = await password("pending@example.org");
    const admin = await get("/admin", pending);
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    expect(await (await get("/api/v1/auth/me", pending)).text()).not.toContain("pending@example.org");
  });

  it("a staff session made by a password alone (from before the second factor) is refused", async () => {
    const { user } = await userWithSession("old-session@example.org", "ADMIN");
    const cookie = await passwordSessionCookie(user.id);
    for (const path of ["/admin", "/admin/users", "/admin/submissions"]) {
      const response = await get(path, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    // /login does not send it back to /admin in a loop: it asks for the password again.
    expect((await get("/login", cookie)).status).toBe(200);
  });

  it("without the pending cookie, or with a forged one, the second step sends back to /login", async () => {
    expect((await fetchPage("/login/second-factor")).headers.get("Location")).toBe("/login");
    const forged = await get("/login/second-factor", "second-factor=eyJwIjoieCJ9.AAAA");
    expect(forged.headers.get("Location")).toBe("/login");
  });
});

describe("enrolment at the first sign-in", () => {
  it("shows the key as text, confirms it with the app's first code, shows ten recovery codes once", async () => {
    await userWithSession("first@example.org", "STAFF");
    const pending = await password("first@example.org", { redirectTo: "/admin/submissions" });
    const { key, html } = await offeredKey(pending);
    expect(html).toContain("Add an authenticator app");
    const spaced = /font-mono[^>]*>([A-Z2-7 ]+)</.exec(html)![1]!;
    expect(spaced.replace(/ /g, "")).toHaveLength(32);

    const wrong = await submitCode(pending, codeAt(key, 3));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not right");

    const confirmed = await submitCode(pending, codeAt(key));
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(page.match(/<li>[2-9A-Z]{5}-[2-9A-Z]{5}<\/li>/g)).toHaveLength(10);
    expect(page).toContain('href="/admin/submissions"');
    const session = cookiesOf(confirmed);
    expect((await get("/admin/submissions", session)).status).toBe(200);

    // The key is stored encrypted, and never shown again.
    const [row] = await getDb(env)
      .select()
      .from(totpCredentials)
      .innerJoin(users, eq(users.id, totpCredentials.userId))
      .where(eq(users.email, "first@example.org"));
    expect(row!.totp_credentials.encryptedKey).not.toContain(spaced.replace(/ /g, ""));
    const again = await (await get("/login/second-factor", await password("first@example.org"))).text();
    expect(again).not.toContain("otpauth://");
    expect(again).not.toContain(spaced);
    expect(again).toContain("Enter your code");
  });

  it("the same page in Spanish", async () => {
    await userWithSession("primero@example.org", "STAFF");
    const pending = await password("primero@example.org");
    const html = await (await get("/login/second-factor?lng=es", pending)).text();
    expect(html).toContain("Agregue una aplicación de autenticación");
    const wrong = await postForm(
      "/login/second-factor?lng=es",
      { code: "12" },
      { Cookie: pending, ...fromAddress() },
    );
    expect(wrong.status).toBe(400);
    const answer = await wrong.text();
    expect(answer).toContain("Escriba los seis dígitos que muestra su aplicación.");
    expect(answer).toContain('value="12"');
  });
});

describe("codes from the app (TOTP)", () => {
  it("a valid code signs in; the same code again is refused", async () => {
    const { key } = await enrolledStaff("totp@example.org");
    const code = codeAt(key);
    const first = await submitCode(await password("totp@example.org"), code);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin");
    expect((await get("/admin", cookiesOf(first))).status).toBe(200);

    const replayed = await submitCode(await password("totp@example.org"), code);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain("already been used");
  });

  it("accepts the step before and after the server's clock, not two steps away, and never an older step", async () => {
    const { key } = await enrolledStaff("window@example.org");
    expect((await submitCode(await password("window@example.org"), codeAt(key, -2))).status).toBe(400);
    expect((await submitCode(await password("window@example.org"), codeAt(key, 2))).status).toBe(400);
    expect((await submitCode(await password("window@example.org"), codeAt(key, -1))).status).toBe(302);
    expect((await submitCode(await password("window@example.org"), codeAt(key, 1))).status).toBe(302);
    // Once the next step's code was used, the current one (older) is refused.
    expect((await submitCode(await password("window@example.org"), codeAt(key, 0))).status).toBe(400);
  });

  it("a wrong code is refused, and after ten wrong codes even a right one waits", async () => {
    const { key } = await enrolledStaff("guess@example.org");
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await submitCode(await password("guess@example.org"), "000000")).status).toBe(400);
    }
    const limited = await submitCode(await password("guess@example.org"), codeAt(key));
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many wrong codes");
  });
});

describe("recovery codes", () => {
  it("each works once, typed in any case and without the dash", async () => {
    const { recoveryCodes } = await enrolledStaff("lost-phone@example.org");
    expect(recoveryCodes).toHaveLength(10);
    const typed = recoveryCodes[0]!.replace("-", "").toLowerCase();
    const used = await submitCode(await password("lost-phone@example.org"), typed);
    expect(used.status).toBe(302);
    expect((await get("/admin", cookiesOf(used))).status).toBe(200);
    const again = await submitCode(await password("lost-phone@example.org"), recoveryCodes[0]!);
    expect(again.status).toBe(400);
    expect((await submitCode(await password("lost-phone@example.org"), recoveryCodes[1]!)).status).toBe(302);
    const security = await (await get("/account/security", cookiesOf(used))).text();
    expect(security).toContain("8 recovery codes left.");
  });

  it("another account's recovery code opens nothing", async () => {
    const one = await enrolledStaff("one@example.org");
    await enrolledStaff("two@example.org");
    expect((await submitCode(await password("two@example.org"), one.recoveryCodes[0]!)).status).toBe(400);
  });
});

describe("an admin resets another person's second factor", () => {
  it("the key, the codes and the sessions go, audited; the next sign-in enrols again", async () => {
    const admin = await enrolledStaff("resetter@example.org", "ADMIN");
    const target = await enrolledStaff("target@example.org");
    expect((await get("/admin", target.session)).status).toBe(200);

    const list = await (await get("/admin/users?q=target", admin.session)).text();
    expect(list).toContain("Reset the second step of target@example.org");
    // The row's button only asks, without JavaScript too; nothing is reset yet.
    const asked = await postForm(
      "/admin/users?q=target",
      { intent: "reset-second-factor", id: target.user.id },
      { Cookie: admin.session },
    );
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain("Reset the second step of target@example.org? Every session");
    expect(question).toContain('name="confirm" value="yes"');
    expect(
      await getDb(env).select().from(auditLog).where(eq(auditLog.action, "user.second-factor-reset")),
    ).toEqual([]);
    expect((await get("/admin", target.session)).status).toBe(200);
    const reset = await postForm(
      "/admin/users",
      { intent: "reset-second-factor", id: target.user.id, confirm: "yes" },
      { Cookie: admin.session },
    );
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain("The second step of target@example.org is reset");

    const [entry] = await getDb(env)
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.second-factor-reset"));
    expect(entry).toMatchObject({
      userEmail: "resetter@example.org",
      targetId: target.user.id,
      detail: { email: "target@example.org" },
    });
    expect((await get("/admin", target.session)).status).toBe(302);
    expect((await submitCode(await password("target@example.org"), target.recoveryCodes[0]!)).status).toBe(
      400,
    );
    const { html } = await offeredKey(await password("target@example.org"));
    expect(html).toContain("Add an authenticator app");
  });

  it("not one's own, and not by STAFF", async () => {
    const admin = await enrolledStaff("self@example.org", "ADMIN");
    const own = await postForm(
      "/admin/users",
      { intent: "reset-second-factor", id: admin.user.id, confirm: "yes" },
      { Cookie: admin.session },
    );
    expect(own.status).toBe(409);
    expect(await own.text()).toContain("You cannot reset your own second step");
    const staff = await enrolledStaff("not-admin@example.org");
    const refused = await postForm(
      "/admin/users",
      { intent: "reset-second-factor", id: admin.user.id, confirm: "yes" },
      { Cookie: staff.session },
    );
    expect(refused.status).toBe(403);
    expect(
      await getDb(env).select().from(totpCredentials).where(eq(totpCredentials.userId, admin.user.id)),
    ).toHaveLength(1);
  });
});

describe("sessions", () => {
  it("lists each session with its device and times, signs one out, then everywhere", async () => {
    const { key } = await enrolledStaff("devices@example.org");
    const ANDROID = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36";
    const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/133.0";
    const signInOn = async (userAgent: string) => {
      const pending = await password("devices@example.org");
      const response = await postForm(
        "/login/second-factor",
        { code: codeAt(key) },
        { Cookie: pending, "User-Agent": userAgent, ...fromAddress() },
      );
      vi.setSystemTime(Date.now() + STEP_MS);
      return cookiesOf(response);
    };
    const phoneSession = await signInOn(ANDROID);
    const laptopSession = await signInOn(MAC);

    const page = await (await get("/account/security", laptopSession)).text();
    expect(page).toContain('aria-label="Sign out of Chrome on Android"');
    expect(page).toContain("Firefox on macOS");
    expect(page).toContain("(<!-- -->this device<!-- -->)");
    const [phoneRow] = await getDb(env).select().from(sessions).where(eq(sessions.userAgent, ANDROID));
    expect(page).toContain(`value="${phoneRow!.tokenHash}"`);

    // Someone else's session id ends nothing.
    const stranger = await userWithSession("stranger@example.org");
    await postForm(
      "/account/security",
      { intent: "sign-out-session", id: phoneRow!.tokenHash },
      { Cookie: stranger.cookie },
    );
    expect((await get("/admin", phoneSession)).status).toBe(200);

    const one = await postForm(
      "/account/security",
      { intent: "sign-out-session", id: phoneRow!.tokenHash },
      { Cookie: laptopSession },
    );
    expect(await one.text()).toContain("That session is signed out.");
    expect((await get("/admin", phoneSession)).status).toBe(302);
    expect((await get("/admin", laptopSession)).status).toBe(200);

    const everywhere = await postForm(
      "/account/security",
      { intent: "sign-out-everywhere" },
      { Cookie: laptopSession },
    );
    expect(everywhere.status).toBe(302);
    expect(everywhere.headers.get("Location")).toBe("/login");
    expect((await get("/admin", laptopSession)).status).toBe(302);
  });
});

describe("donors and families may add one", () => {
  it("a USER adds an app from /account/security; from then on signing in asks for its code", async () => {
    const { cookie } = await userWithSession("donor@example.org");
    const before = await (await get("/account/security", cookie)).text();
    expect(before).toContain("You sign in with your password only.");
    expect(before).not.toContain("otpauth://");
    const offer = await (await get("/account/security?add=app", cookie)).text();
    const key = decodeBase32IgnorePadding(/otpauth:\/\/totp\/[^"]*secret=([A-Z2-7]+)/.exec(offer)![1]!);
    const added = await postForm(
      "/account/security",
      { intent: "confirm-totp", code: codeAt(key) },
      { Cookie: cookie },
    );
    expect(added.status).toBe(200);
    expect((await added.text()).match(/<li>[2-9A-Z]{5}-[2-9A-Z]{5}<\/li>/g)).toHaveLength(10);

    vi.setSystemTime(Date.now() + STEP_MS);
    const pending = await password("donor@example.org");
    const signedIn = await submitCode(pending, codeAt(key));
    expect(signedIn.headers.get("Location")).toBe("/account");
    expect(
      cookieFrom(signedIn.headers.getSetCookie().find((header) => header.startsWith("session="))!),
    ).toMatch(/^session=/);
  });
});

describe("passkeys", () => {
  it("an answer not signed by the account's passkey starts no session", async () => {
    const { user } = await enrolledStaff("passkey@example.org");
    await getDb(env)
      .insert(passkeys)
      .values({ id: "AAECAwQFBgcICQ", userId: user.id, publicKey: "pQECAyYgASFYIA", counter: 0 });
    const forged = JSON.stringify({
      id: "AAECAwQFBgcICQ",
      rawId: "AAECAwQFBgcICQ",
      type: "public-key",
      response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      clientExtensionResults: {},
    });
    for (const response of [forged, "not json", ""]) {
      const refused = await postForm(
        "/login/second-factor",
        { intent: "passkey", response },
        { Cookie: await password("passkey@example.org"), ...fromAddress() },
      );
      expect(refused.status).toBe(400);
      expect(refused.headers.get("Set-Cookie") ?? "").not.toContain("session=");
      expect(await refused.text()).toContain("That passkey could not be checked.");
    }
  });

  it("an admin's reset removes them with the app", async () => {
    const admin = await enrolledStaff("passkey-admin@example.org", "ADMIN");
    const { user } = await enrolledStaff("passkey-owner@example.org");
    await getDb(env)
      .insert(passkeys)
      .values({ id: "BBECAwQFBgcICQ", userId: user.id, publicKey: "pQECAyYgASFYIA", counter: 0 });
    await postForm(
      "/admin/users",
      { intent: "reset-second-factor", id: user.id, confirm: "yes" },
      { Cookie: admin.session },
    );
    expect(await getDb(env).select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });
});
