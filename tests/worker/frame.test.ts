import { describe, expect, it } from "vitest";
import { REDIRECTS, SITE_PAGES } from "~/content/site-pages";
import { BUNDLED } from "~/server/kernel/translations.server";
import { fetchPage, ORIGIN } from "./fetch";

describe("routes", () => {
  it.each(SITE_PAGES.map((page) => page.path))("%s answers 200 with its own title", async (path) => {
    const response = await fetchPage(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<html lang="en" dir="ltr"');
  });

  it("gives every page a different title", async () => {
    const titles = new Set<string>();
    for (const page of SITE_PAGES) {
      const html = await (await fetchPage(page.path)).text();
      titles.add(/<title>([^<]+)<\/title>/.exec(html)![1]!);
    }
    expect(titles.size).toBe(SITE_PAGES.length);
  });

  it.each(Object.entries(REDIRECTS))("%s redirects permanently to %s", async (from, to) => {
    const response = await fetchPage(from);
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("Location")!, ORIGIN).pathname).toBe(to);
  });

  it("serves the jobs page at /join-our-team", async () => {
    const html = await (await fetchPage("/join-our-team")).text();
    expect(html).toContain("<title>Join Our Team | product</title>");
  });

  it("answers an unknown path with the not-found page and 404", async () => {
    const response = await fetchPage("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain('href="/about"');
    expect(html).toContain('action="/search"');
  });

  it("answers a file-like unknown path with 404, not 500", async () => {
    expect((await fetchPage("/favicon.ico")).status).toBe(404);
    expect((await fetchPage("/wp-login.php")).status).toBe(404);
  });

  it("searches page titles and descriptions in the current language", async () => {
    const english = await (await fetchPage("/search?q=mentor")).text();
    expect(english).toContain('href="/mentorship"');
    const spanish = await (await fetchPage("/search?q=mentoria&lng=es")).text();
    expect(spanish).toContain("Programa de mentoría");
    const none = await (await fetchPage("/search?q=zzzxqq")).text();
    expect(none).toContain("No pages match");
  });
});

describe("language detection", () => {
  it("falls back to English", async () => {
    const html = await (await fetchPage("/about")).text();
    expect(html).toContain('lang="en"');
    expect(html).toContain("About Us");
  });

  it("uses the browser language when nothing else is set", async () => {
    const html = await (
      await fetchPage("/about", { headers: { "Accept-Language": "es-US,es;q=0.9" } })
    ).text();
    expect(html).toContain('lang="es"');
    expect(html).toContain("Quiénes somos");
  });

  it("prefers the cookie over the browser language", async () => {
    const html = await (
      await fetchPage("/about", { headers: { "Accept-Language": "es", Cookie: "lng=en" } })
    ).text();
    expect(html).toContain('lang="en"');
  });

  it("prefers the query over the cookie, and remembers it in the cookie", async () => {
    const response = await fetchPage("/about?lng=es", { headers: { Cookie: "lng=en" } });
    expect(await response.text()).toContain('lang="es"');
    expect(response.headers.get("Set-Cookie")).toMatch(/^lng=es; Path=\/;/);
  });

  it("ignores an unsupported language", async () => {
    const html = await (await fetchPage("/about?lng=fr", { headers: { Cookie: "lng=xx" } })).text();
    expect(html).toContain('lang="en"');
  });
});

describe("first view", () => {
  function translationsIn(html: string): Record<string, Record<string, unknown>> {
    const json = /<script type="application\/json" id="i18n-resources">([^<]*)<\/script>/.exec(html)?.[1];
    expect(json, "the translations data block").toBeTruthy();
    return JSON.parse(json!) as Record<string, Record<string, unknown>>;
  }

  it("carries the page's namespaces, in its language, so hydration fetches no copy", async () => {
    const english = translationsIn(await (await fetchPage("/contact")).text());
    expect(Object.keys(english).sort()).toEqual(["common", "forms", "involve"]);
    expect(english.involve).toEqual(BUNDLED.en!.involve);

    const spanish = translationsIn(await (await fetchPage("/donate?lng=es")).text());
    expect(Object.keys(spanish).sort()).toEqual(["common", "donate"]);
    expect(spanish.donate).toEqual(BUNDLED.es!.donate);
  });

  it("carries no page names for a page that shows only its own (decision 042)", async () => {
    const html = await (await fetchPage("/calculator?lng=es")).text();
    expect(Object.keys(translationsIn(html)).sort()).toEqual(["common", "impact"]);
    // Its heading is its own name, from its loader's Seo.
    expect(html).toMatch(/<h1[^>]*>Calculadora de impacto<\/h1>/);
  });

  it("carries none on a reading page, which does not hydrate (decision 074)", async () => {
    const html = await (await fetchPage("/about")).text();
    expect(html).toContain("<h1");
    expect(html).not.toContain('id="i18n-resources"');
    expect(html).not.toContain('type="module"');
  });
});

describe("security headers", () => {
  it("sends a strict nonce CSP and the other defaults on pages", async () => {
    const response = await fetchPage("/");
    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("unsafe-inline' 'strict");
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    // Every script that runs carries the nonce (JSON and JSON-LD blocks are data, not scripts).
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !/type="application\/(ld\+)?json"/.test(tag),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("uses a new nonce for each request", async () => {
    const first = (await fetchPage("/")).headers.get("Content-Security-Policy");
    const second = (await fetchPage("/")).headers.get("Content-Security-Policy");
    expect(first).not.toBe(second);
  });

  it("sends the headers on 404 and redirect responses too", async () => {
    for (const path of ["/nope", "/privacy-policy"]) {
      const response = await fetchPage(path);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security")).toBeTruthy();
    }
  });

  it("refuses a post from another origin", async () => {
    const response = await fetchPage("/contact", {
      method: "POST",
      body: new URLSearchParams({ name: "x" }),
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(403);
  });
});

describe("page metadata on client navigations", () => {
  it("describes the page itself in .data requests, not the home page", async () => {
    const response = await fetchPage("/about.data?lng=es");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Quiénes somos");
    expect(body).toContain("https://example.org/about?lng=es");
  });
});

describe("a post that is not a form", () => {
  it.each(["/forms/contact", "/donate", "/login", "/newsletter"])(
    "%s answers 400 with a readable page",
    async (path) => {
      const json = await fetchPage(path, {
        method: "POST",
        body: '{"broken":',
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      });
      expect(json.status).toBe(400);
      expect(await json.text()).toContain("We could not read that form");

      const noType = await fetchPage(path, { method: "POST", headers: { Origin: ORIGIN, Cookie: "lng=es" } });
      expect(noType.status).toBe(400);
      expect(await noType.text()).toContain("No pudimos leer ese formulario");
    },
  );
});
