import { describe, expect, it } from "vitest";
import { routes } from "virtual:react-router/server-build";
import { ENTRY_PAGES, LISTED_PAGES, REDIRECTS, SITE_PAGES } from "~/content/site-pages";
import { pageCacheSeconds } from "~/server/kernel/page-cache.server";
import { fetchPage, ORIGIN } from "./fetch";

/** The routes React Router serves; a route's id is its module's path unless routes.ts names it. */
const served = Object.values(routes).filter((route) => route !== undefined);
const servedPaths = (module: string) =>
  served
    .filter((route) => route.id === module.replace(/\.tsx?$/, ""))
    .map((route) => (route.index ? "/" : `/${route.path}`));

// The one list of public pages builds routes.ts, the page cache and the sitemap (decision 051).
describe("the one list of public pages", () => {
  it("is what React Router serves, each page by its module", () => {
    for (const page of [...SITE_PAGES, ...ENTRY_PAGES]) expect(servedPaths(page.module)).toEqual([page.path]);
    const redirects = served.filter((route) => route.id.startsWith("redirect-"));
    expect(redirects.map((route) => `/${route.path}`).sort()).toEqual(Object.keys(REDIRECTS).sort());
  });

  it("is what the page cache keeps, for as long as it says", () => {
    const seconds = (path: string) => pageCacheSeconds(new Request(new URL(path, ORIGIN)));
    for (const page of SITE_PAGES)
      expect(seconds(page.path)).toBe("cacheSeconds" in page ? page.cacheSeconds : null);
    expect(seconds("/blog/a-post")).toBe(ENTRY_PAGES[0].cacheSeconds);
    expect(seconds("/blog/")).toBeNull();
    expect(seconds("/search")).toBeNull();
    expect(seconds("/login/second-factor")).toBeNull();
  });

  it("is what the sitemap lists, but for the account pages", async () => {
    const xml = await (await fetchPage("/sitemap.xml")).text();
    const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((match) => new URL(match[1]!.replaceAll("&amp;", "&")))
      .filter(
        (url) => !url.search && !url.pathname.startsWith("/blog/") && !url.pathname.startsWith("/events/"),
      )
      .map((url) => url.pathname);
    expect(pages.sort()).toEqual(LISTED_PAGES.map((page) => page.path).sort());
    expect(pages).not.toContain("/login");
  });
});
