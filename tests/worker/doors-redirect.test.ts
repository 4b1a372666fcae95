import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getDb } from "~/server/db/client.server";
import { outbox } from "~/server/db/schema";
import { PASSWORD, userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm } from "./fetch";

let visitor = 0;
const fromAddress = () => ({ "CF-Connecting-IP": `198.51.100.${++visitor}` });

/**
 * Known open-redirect bypasses: scheme-relative forms, dot segments that resolve to "//",
 * percent-encoded and double-encoded slashes and backslashes, control characters browsers strip,
 * leading spaces, other schemes, and OWASP's "Unvalidated Redirects and Forwards" cheat sheet
 * list (userinfo, backslash and whitespace tricks).
 */
const BYPASSES = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/.//evil.example",
  "/./evil.example/..//evil.example",
  "/.//",
  "/../evil.example/..//evil.example",
  "/%2e//evil.example",
  "/%2e%2e//evil.example",
  "/%2f%2fevil.example",
  "/%2F%2Fevil.example",
  "/.%2F%2Fevil.example",
  "/a/..%2F%2Fevil.example",
  "/%252f%252fevil.example",
  "/%5cevil.example",
  "/%5Cevil.example",
  "/%255cevil.example",
  "%2f%2fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0aSet-Cookie:x=1",
  " //evil.example",
  " /account",
  "\t//evil.example",
  "/\u0000/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)//%0a",
  "data:text/html,<script>alert(1)</script>",
  "http://evil.example",
  "https://evil.example",
  "https:evil.example",
  "http:/evil.example",
  "//evil.example@site.invalid",
  "https://site.invalid@evil.example",
  "//site.invalid%2f@evil.example",
  "/%2f/evil.example",
  "/\u000b/evil.example",
  "/\u007f/evil.example",
  "",
] as const;

describe("safeRedirectPath", () => {
  it.each(BYPASSES.map((value) => [JSON.stringify(value), value]))("refuses %s", (_, value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/account", "/account"],
    ["/events?lng=es#top", "/events?lng=es#top"],
    ["/admin/submissions/abc?status=new", "/admin/submissions/abc?status=new"],
    ["/blog/a-post", "/blog/a-post"],
    ["/./account", "/account"],
    ["/./", "/"],
  ])("keeps the on-site path %s", (value, expected) => {
    expect(safeRedirectPath(value, "/fallback")).toBe(expected);
  });
});

/** Whether a Location (or single-fetch redirect) stays on this site. */
function staysOnSite(location: string | null): boolean {
  if (location === null) return true;
  return new URL(location, ORIGIN).origin === ORIGIN;
}

describe("redirects after signing in", () => {
  it("/login?redirectTo=/.//evil.example lands on /account through the HTML form post", async () => {
    await userWithSession("redirect-html@example.com");
    const response = await postForm(
      "/login?redirectTo=%2F.%2F%2Fevil.example",
      { email: "redirect-html@example.com", password: PASSWORD, redirectTo: "/.//evil.example" },
      fromAddress(),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
  });

  it("every bypass answers a Location on this site, for the HTML post and the .data answer", async () => {
    await userWithSession("redirect-corpus@example.com");
    for (const redirectTo of BYPASSES) {
      const fields = { email: "redirect-corpus@example.com", password: PASSWORD, redirectTo };
      const html = await postForm("/login", fields, fromAddress());
      expect(html.status, JSON.stringify(redirectTo)).toBe(302);
      expect(html.headers.get("Location"), JSON.stringify(redirectTo)).toBe("/account");

      // Single fetch: the browser's navigation posts to /login.data and reads the redirect from the answer.
      const single = await postForm("/login.data", fields, fromAddress());
      const body = await single.text();
      expect(staysOnSite(single.headers.get("Location")), JSON.stringify(redirectTo)).toBe(true);
      expect(body, JSON.stringify(redirectTo)).not.toContain("evil.example");
      expect(body, JSON.stringify(redirectTo)).toContain("/account");
    }
  });

  it("a signed-in visitor opening /login?redirectTo=/.//evil.example is sent to /account", async () => {
    const { cookie } = await userWithSession("redirect-signed-in@example.com");
    const page = await fetchPage("/login?redirectTo=%2F.%2F%2Fevil.example", { headers: { Cookie: cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/account");
  });

  it("the e-mailed verification link neither carries nor follows a redirect off the site", async () => {
    const signup = await postForm(
      "/signup?redirectTo=%2F.%2F%2Fevil.example",
      {
        name: "Redirect Test",
        email: "redirect-verify@example.com",
        password: PASSWORD,
        redirectTo: "/.//evil.example",
      },
      fromAddress(),
    );
    expect(signup.status).toBe(200);
    const [mail] = await getDb(env).select().from(outbox).where(eq(outbox.to, "redirect-verify@example.com"));
    expect(mail!.text).not.toContain("evil.example");
    const token = /verify-email\?token=([\w.-]+)/.exec(mail!.text)![1]!;

    // A crafted link with the redirect added by hand: the page keeps it, the post refuses it.
    const page = await fetchPage(`/verify-email?token=${token}&redirectTo=%2F.%2F%2Fevil.example`);
    expect(page.status).toBe(200);
    const verified = await postForm(
      "/verify-email",
      { token, password: PASSWORD, redirectTo: "/.//evil.example" },
      fromAddress(),
    );
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/account");
  });
});
