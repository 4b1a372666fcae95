import { describe, expect, it } from "vitest";
import seed from "../../scripts/content/seed.json";
import { LISTED_PAGES } from "~/content/site-pages";
import { fetchPage } from "./fetch";

// The initial content the setup imports (scripts/content/seed.json), as the pages read it from D1.
const BLOG_POSTS = seed.filter((entry) => entry.type === "post");
const EVENTS = seed.filter((entry) => entry.type === "event");

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe("sitemap and robots", () => {
  it("lists every public page and blog post in both languages", async () => {
    const response = await fetchPage("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of [
      ...LISTED_PAGES.map((page) => page.path),
      ...BLOG_POSTS.map((post) => `/blog/${post.slug}`),
    ]) {
      const url = new URL(path, "http://x").pathname;
      expect(xml, path).toMatch(new RegExp(`<loc>[^<]*${url === "/" ? "/" : url}</loc>`));
      expect(xml, path).toMatch(new RegExp(`<loc>[^<]*${url === "/" ? "/" : url}\\?lng=es</loc>`));
    }
    expect(xml).toContain('hreflang="x-default"');
    expect(xml).not.toContain("/login");
  });

  it("serves robots.txt with the sitemap", async () => {
    const response = await fetchPage("/robots.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    expect(text).toContain("Disallow: /admin");
  });
});

describe("page metadata", () => {
  it.each(
    LISTED_PAGES.flatMap(
      (page) =>
        [
          [page.path, "en"],
          [page.path, "es"],
        ] as const,
    ),
  )("%s (%s) has title, description, canonical, Open Graph and hreflang", async (path, locale) => {
    const html = await (await fetchPage(`${path}?lng=${locale}`)).text();
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
    for (const property of ["og:title", "og:description", "og:url", "og:image", "og:locale"])
      expect(html, property).toContain(`property="${property}"`);
    for (const hrefLang of ["en", "es", "x-default"]) expect(html).toContain(`hrefLang="${hrefLang}"`);
  });

  it("gives every page a different description in Spanish", async () => {
    const descriptions = new Set<string>();
    for (const page of LISTED_PAGES) {
      const html = await (await fetchPage(`${page.path}?lng=es`)).text();
      descriptions.add(/<meta name="description" content="([^"]+)"/.exec(html)![1]!);
    }
    expect(descriptions.size).toBe(LISTED_PAGES.length);
  });

  it("describes the organisation as an NGO on the home page", async () => {
    const items = jsonLd(await (await fetchPage("/")).text());
    expect(items.some((item) => item["@type"] === "NGO")).toBe(true);
  });

  it("describes every event with schema.org Event", async () => {
    const items = jsonLd(await (await fetchPage("/events")).text());
    const events = items.filter((item) => item["@type"] === "Event");
    expect(events).toHaveLength(EVENTS.length);
    for (const event of events)
      expect(String(event.startDate)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[45]:00$/);
    const gala = events.find((event) => (event.offers as { url: string }).url.endsWith("#gala"));
    expect(gala?.offers).toMatchObject({ url: "https://example.org/events#gala", priceCurrency: "USD" });
    expect(gala?.organizer).toEqual({ "@type": "NGO", name: "product", url: "https://example.org/" });
  });

  it("gives each blog post its own title and a 404 to an unknown slug", async () => {
    const post = BLOG_POSTS.find((entry) => entry.slug === "first-year-lessons")!;
    const html = await (await fetchPage(`/blog/${post.slug}`)).text();
    expect(html).toContain("<title>Five lessons from our first year | product</title>");
    expect(jsonLd(html).some((item) => item["@type"] === "BlogPosting")).toBe(true);
    expect((await fetchPage("/blog/no-such-post")).status).toBe(404);
  });
});

describe("event calendar files", () => {
  it("serves a valid iCalendar file in New York time", async () => {
    const response = await fetchPage("/events/gala/calendar.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/calendar");
    expect(response.headers.get("Content-Disposition")).toContain('filename="gala.ics"');
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("END:VCALENDAR");
    // 6:30 PM in New York on 24 April 2027 (daylight saving time) is 22:30 UTC.
    expect(lines).toContain("DTSTART:20270424T223000Z");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect((await fetchPage("/events/nope/calendar.ics")).status).toBe(404);
  });
});
