import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bumpContentVersion } from "~/server/kernel/content-version.server";
import { PAGE_CACHE_HEADER, pageCacheKey, storeRenderedPage } from "~/server/kernel/page-cache.server";
import { bumpTranslationVersion } from "~/server/kernel/translations.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm } from "./fetch";

/** The nonce the CSP allows, and every nonce the HTML carries. */
async function nonces(response: Response) {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  const html = await response.text();
  return { header, inHtml: new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])), html };
}

// Its own file, so its own cache, KV and database.
describe("the edge HTML cache for anonymous visitors (decision 027)", () => {
  it("answers the second anonymous GET from the cache, with a fresh nonce every time", async () => {
    const first = await fetchPage("/about");
    expect(first.status).toBe(200);
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    const one = await nonces(first);

    const second = await fetchPage("/about");
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const two = await nonces(second);
    const third = await nonces(await fetchPage("/about"));

    for (const page of [one, two, third]) {
      expect(page.header).toBeTruthy();
      // Every inline script carries this response's nonce, and only it.
      expect([...page.inHtml]).toEqual([page.header]);
    }
    expect(new Set([one.header, two.header, third.header]).size).toBe(3);
    // The same page apart from the nonce.
    expect(two.html.replaceAll(two.header!, "N")).toBe(one.html.replaceAll(one.header!, "N"));
    expect(second.headers.get("Content-Type")).toContain("text/html");
    expect(second.headers.get("Cache-Control")).toBeNull();
  });

  it("leaves React Router's module preloads out of a cached page, not out of a rendered one (decision 050)", async () => {
    // /contact hydrates; a reading page has no modules to announce (decision 074).
    const rendered = await (await fetchPage("/contact?fresh=1")).text();
    expect(rendered).toContain('rel="modulepreload"');
    for (const answer of [await fetchPage("/contact"), await fetchPage("/contact")]) {
      expect(answer.headers.get(PAGE_CACHE_HEADER)).toMatch(/^(miss|hit)$/);
      const html = await answer.text();
      expect(html).not.toContain("modulepreload");
      expect(html).toContain('type="module"');
    }
  });

  it("keeps each language apart", async () => {
    await fetchPage("/mission", { headers: { Cookie: "lng=es" } });
    const spanish = await fetchPage("/mission", { headers: { Cookie: "lng=es" } });
    expect(spanish.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(await spanish.text()).toContain('lang="es"');
    const english = await fetchPage("/mission", { headers: { "Accept-Language": "en-US" } });
    expect(english.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await english.text()).toContain('lang="en"');
  });

  it("never answers a visitor with a session from the cache", async () => {
    await fetchPage("/team");
    expect((await fetchPage("/team")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const { cookie } = await userWithSession("cached@example.com", "USER");
    const signedIn = await fetchPage("/team", { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    // Even an unknown cookie is treated as someone's.
    const other = await fetchPage("/team", { headers: { Cookie: "session=forged; lng=en" } });
    expect(other.headers.get(PAGE_CACHE_HEADER)).toBeNull();
  });

  it("keeps serving cached pages to a visitor who answered the cookie banner or started a Checkout", async () => {
    // Answering the banner stores nothing the server sees (decision 030), and the visitor id that
    // /donate's first step or a ticket page gives a browser is read only by posts (decision 024).
    const donated = await postForm("/donate", { intent: "amount", amount: "nope" });
    const visitor = /visitor=[^;]+/.exec(donated.headers.get("Set-Cookie") ?? "")?.[0];
    expect(visitor).toBeTruthy();
    const cookie = `${visitor}; lng=en`;
    expect(
      (await fetchPage("/partner", { headers: { Cookie: cookie } })).headers.get(PAGE_CACHE_HEADER),
    ).toBe("miss");
    const again = await fetchPage("/partner", { headers: { Cookie: cookie } });
    expect(again.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const html = await again.text();
    // The banner is in the page for every visitor, closed until the head script of a page that
    // hydrates opens it for someone who has not answered (the answer is read from localStorage, in
    // the browser; a reading page asks nothing, decision 074).
    expect(html).toContain('class="cookie-banner ');
    expect(html).toContain('localStorage.getItem("cookieConsent")');

    // A session beside it is never answered from the cache.
    const { cookie: session } = await userWithSession("visitor-and-session@example.com", "USER");
    for (let attempt = 0; attempt < 2; attempt++) {
      const signedIn = await fetchPage("/partner", { headers: { Cookie: `${cookie}; ${session}` } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    }
  });

  it("serves the new copy at once after a copy edit, and a new entry after a content publish", async () => {
    await fetchPage("/history");
    expect((await fetchPage("/history")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");

    await env.DB.prepare(
      "INSERT INTO translation_overrides (locale, namespace, key, value) VALUES ('en', 'common', 'nav.home', 'Front page')",
    ).run();
    await bumpTranslationVersion(env);
    const edited = await fetchPage("/history");
    expect(edited.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await edited.text()).toContain("Front page");
    expect((await fetchPage("/history")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");

    await bumpContentVersion(env);
    expect((await fetchPage("/history")).headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect((await fetchPage("/history")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });

  it("never stores a response that sets a cookie, answers a post, carries a query or is an error", async () => {
    // A response that sets a cookie is answered but not kept.
    const request = new Request(`${ORIGIN}/programs`);
    const key = await pageCacheKey(request, env, "test");
    const withCookie = new Response("<html></html>", {
      headers: { "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "lng=es; Path=/" },
    });
    const answered = await storeRenderedPage(withCookie, key, { nonce: "n", seconds: 60 });
    expect(answered.headers.get("Set-Cookie")).toBe("lng=es; Path=/");
    expect(await (caches as unknown as { default: Cache }).default.match(key)).toBeUndefined();

    // ?lng= sets the language cookie: rendered fresh each time, never kept.
    for (let attempt = 0; attempt < 2; attempt++) {
      const chosen = await fetchPage("/stories?lng=es");
      expect(chosen.headers.get("Set-Cookie")).toContain("lng=es");
      expect(chosen.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    }

    // A post is answered by its action, never by the cache, even where the page is cached.
    await fetchPage("/donate");
    expect((await fetchPage("/donate")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const posted = await postForm("/donate", { intent: "amount", amount: "nope" });
    expect(posted.headers.get(PAGE_CACHE_HEADER)).toBeNull();

    // A page that is not found stays not found, and is never kept.
    for (let attempt = 0; attempt < 2; attempt++) {
      const missing = await fetchPage("/blog/no-such-post");
      expect(missing.status).toBe(404);
      expect(missing.headers.get(PAGE_CACHE_HEADER)).toBe("bypass");
    }

    // Pages that did not opt in (forms, accounts, search) are never cached.
    for (const path of ["/forms/contact", "/login", "/search"]) {
      await fetchPage(path);
      expect((await fetchPage(path)).headers.get(PAGE_CACHE_HEADER)).toBeNull();
    }
  });
});
