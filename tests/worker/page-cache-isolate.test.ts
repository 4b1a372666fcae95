import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bumpContentVersion } from "~/server/kernel/content-version.server";
import {
  ISOLATE_TIER_BYTES,
  PAGE_CACHE_HEADER,
  pageCacheKey,
  readCachedPage,
  storeRenderedPage,
} from "~/server/kernel/page-cache.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN } from "./fetch";

const edge = () => (caches as unknown as { default: Cache }).default;

function page(body: string, nonce: string) {
  return new Response(`<html><script nonce="${nonce}"></script>${body}</html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

/** Stores a rendered page the way the Worker does, then takes it out of the edge cache. */
async function keptOnlyInIsolate(path: string, body: string, seconds = 60) {
  const key = await pageCacheKey(new Request(`${ORIGIN}${path}`), env, "test");
  const answered = await storeRenderedPage(page(body, "first-nonce"), key, { nonce: "first-nonce", seconds });
  expect(answered.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
  await answered.text();
  expect(await edge().delete(key)).toBe(true);
  return key;
}

// Its own file, so its own isolate tier, edge cache, KV and database.
describe("the isolate's tier in front of the edge HTML cache (decision 031)", () => {
  it("answers a page it rendered without asking the edge cache, with a fresh nonce every time", async () => {
    const key = await keptOnlyInIsolate("/programs", "Programs page");
    const nonces = new Set<string>();
    for (const nonce of ["second-nonce", "third-nonce"]) {
      const hit = await readCachedPage(key, nonce);
      expect(hit?.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      expect(hit?.headers.get("Cache-Control")).toBeNull();
      expect(hit?.headers.get("Content-Type")).toContain("text/html");
      const html = await hit!.text();
      expect(html).toBe(`<html><script nonce="${nonce}"></script>Programs page</html>`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(2);
  });

  it("serves a whole page to the next anonymous visitor from the isolate, each with its own nonce", async () => {
    expect((await fetchPage("/impact")).headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    const answers = [await fetchPage("/impact"), await fetchPage("/impact")];
    const seen = new Set<string>();
    for (const answer of answers) {
      expect(answer.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      const nonce = /'nonce-([^']+)'/.exec(answer.headers.get("Content-Security-Policy") ?? "")![1]!;
      const html = await answer.text();
      expect(new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))).toEqual(
        new Set([nonce]),
      );
      seen.add(nonce);
    }
    expect(seen.size).toBe(2);
  });

  it("misses once the content or copy changes, as the edge cache does", async () => {
    const before = await keptOnlyInIsolate("/mentorship", "Before the publish");
    expect(await readCachedPage(before, "n")).not.toBeNull();
    await bumpContentVersion(env);
    const after = await pageCacheKey(new Request(`${ORIGIN}/mentorship`), env, "test");
    expect(after.url).not.toBe(before.url);
    expect(await readCachedPage(after, "n")).toBeNull();
  });

  it("never answers a visitor with a session, even for a page it keeps", async () => {
    await fetchPage("/stories");
    expect((await fetchPage("/stories")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const { cookie } = await userWithSession("isolate-tier@example.com", "USER");
    const signedIn = await fetchPage("/stories", { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get(PAGE_CACHE_HEADER)).toBeNull();
  });

  it("keeps a page no longer than its lifetime", async () => {
    const key = await keptOnlyInIsolate("/calculator", "Short-lived", 1);
    expect(await readCachedPage(key, "n")).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await readCachedPage(key, "n")).toBeNull();
  });

  it("stays within its budget of bytes, letting the least recently served page go first", async () => {
    // Five pages of about a fifth of the budget each: the first one kept has to go.
    const body = "x".repeat(Math.floor(ISOLATE_TIER_BYTES / 5) + 1000);
    const keys = [];
    for (const path of ["/blog/a", "/blog/b", "/blog/c", "/blog/d"])
      keys.push(await keptOnlyInIsolate(path, body));
    // Served again, /blog/a is now the most recent.
    expect(await readCachedPage(keys[0]!, "n")).not.toBeNull();
    keys.push(await keptOnlyInIsolate("/blog/e", body));
    expect(await readCachedPage(keys[1]!, "n")).toBeNull();
    for (const key of [keys[0]!, ...keys.slice(2)]) expect(await readCachedPage(key, "n")).not.toBeNull();
  });
});
