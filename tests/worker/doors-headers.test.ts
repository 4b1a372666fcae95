import { describe, expect, it } from "vitest";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN } from "./fetch";

/**
 * Values a client may put in any header (fetch refuses only NUL, CR and LF, and characters above
 * U+00FF): broken percent-encoding, other control bytes, Latin-1 and UTF-8 read as Latin-1, a
 * very long value, quotes, separators and repeated parameters.
 */
const ODD_VALUES = [
  "%",
  "%zz",
  "%E0%A4%A",
  "%00%ff%",
  "\u0001\u0002\u007f\u0008",
  "Ã©Ã±\u00ff\u00fe",
  "x".repeat(16_000),
  '"; , = ; ,,, q=abc; q=-1; q=1e999',
  " \t ",
  "",
];

/** The cookies the site reads: language, session, visitor (docs/architecture.md). */
const COOKIE_NAMES = ["lng", "session", "visitor"];

/** Every header the site reads on the way in, apart from Origin and Content-Type (below). */
const READ_HEADERS = [
  "Accept-Language",
  "CF-Connecting-IP",
  "X-Forwarded-For",
  "cf-ray",
  "If-None-Match",
  "User-Agent",
  "Stripe-Signature",
  "Sec-Fetch-Site",
];

/** One route of each kind: pages, form posts, the account, admin, the API, resources and the webhook. */
const ROUTES: { path: string; method: "GET" | "POST"; body?: string; staff?: boolean }[] = [
  { path: "/", method: "GET" },
  { path: "/about", method: "GET" },
  { path: "/events", method: "GET" },
  { path: "/blog/no-such-post", method: "GET" },
  { path: "/login", method: "GET" },
  { path: "/donate", method: "GET" },
  { path: "/donate", method: "POST", body: "frequency=once&amount=50" },
  { path: "/events/gala/register", method: "GET" },
  { path: "/events/gala/register", method: "POST", body: "quantity=1&email=a%40example.org" },
  { path: "/newsletter/confirm?token=x", method: "GET" },
  { path: "/account", method: "GET" },
  { path: "/forms/contact", method: "POST", body: "name=A&email=a%40example.org&message=Hello" },
  { path: "/newsletter", method: "POST", body: "email=a%40example.org&source=footer" },
  { path: "/login", method: "POST", body: "email=a%40example.org&password=wrong-password" },
  { path: "/login.data", method: "POST", body: "email=a%40example.org&password=wrong-password" },
  { path: "/admin", method: "GET" },
  { path: "/admin", method: "GET", staff: true },
  { path: "/admin/submissions", method: "GET", staff: true },
  { path: "/admin/files", method: "POST", body: "altEn=x", staff: true },
  { path: "/api/v1/auth/me", method: "GET" },
  { path: "/api/v1/auth/refresh", method: "POST" },
  { path: "/api/v1/stripe/webhook", method: "POST", body: "{}" },
  { path: "/sitemap.xml", method: "GET" },
  { path: "/robots.txt", method: "GET" },
  { path: "/locales/en/common.json", method: "GET" },
  { path: "/files/0000000000000000000000000000000000000000000000000000000000000000.png", method: "GET" },
];

function send(route: (typeof ROUTES)[number], headers: Record<string, string>) {
  const post = route.method === "POST";
  return fetchPage(route.path, {
    method: route.method,
    body: post ? (route.body ?? "") : undefined,
    headers: {
      ...(post ? { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...headers,
    },
  });
}

describe("malformed cookies", () => {
  it("Cookie: lng=% shows the page and expires the cookie", async () => {
    const response = await fetchPage("/", { headers: { Cookie: "lng=%" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="en"');
    expect(response.headers.getSetCookie()).toContain("lng=; Path=/; Max-Age=0; SameSite=Lax; Secure");
  });

  it("a readable duplicate after a broken one is used", async () => {
    const response = await fetchPage("/about", { headers: { Cookie: "lng=%zz; lng=es" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="es"');
  });

  it("Cookie: session=% on /account is sent to sign in, with the cookie expired", async () => {
    const response = await fetchPage("/account", { headers: { Cookie: "session=%" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(response.headers.getSetCookie()).toContain("session=; Path=/; Max-Age=0; SameSite=Lax; Secure");
  });

  it("a staff member's real session still opens /admin beside a broken language cookie", async () => {
    const { cookie } = await userWithSession("odd-cookie-staff@example.com", "ADMIN");
    const response = await fetchPage("/admin", { headers: { Cookie: `lng=%; ${cookie}` } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toContain("lng=; Path=/; Max-Age=0; SameSite=Lax; Secure");
    expect(response.headers.getSetCookie().some((header) => header.startsWith("session="))).toBe(false);
  });
});

describe("odd bytes in every cookie and header never answer 5xx", () => {
  it("on every kind of route", async () => {
    const { cookie: staffCookie } = await userWithSession("fuzz-staff@example.com", "ADMIN");
    const failures: string[] = [];
    const check = async (route: (typeof ROUTES)[number], label: string, headers: Record<string, string>) => {
      const response = await send(route, headers);
      await response.arrayBuffer();
      if (response.status >= 500) failures.push(`${route.method} ${route.path} ${label}: ${response.status}`);
    };
    for (const route of ROUTES) {
      for (const [index, value] of ODD_VALUES.entries()) {
        const label = `value #${index}`;
        const cookies = COOKIE_NAMES.map((name) => `${name}=${value}`);
        const odd = Object.fromEntries(READ_HEADERS.map((name) => [name, value]));
        // Each cookie odd (a staff route keeps its real session beside them), repeated, and every read header odd.
        await check(route, `cookies ${label}`, {
          ...odd,
          Cookie: [...cookies, ...cookies, ...(route.staff ? [staffCookie] : [])].join("; "),
        });
        // Odd names and pairs without a value.
        await check(route, `cookie names ${label}`, {
          Cookie: `${value}=${value}; =${value}; ${value}; ${route.staff ? staffCookie : ""}`,
        });
        if (route.method === "POST") {
          await check(route, `Origin ${label}`, { Origin: value });
          await check(route, `Content-Type ${label}`, {
            "Content-Type": value,
            ...(route.staff ? { Cookie: staffCookie } : {}),
          });
          await check(route, `multipart ${label}`, {
            "Content-Type": `multipart/form-data; boundary=${value}`,
            ...(route.staff ? { Cookie: staffCookie } : {}),
          });
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
