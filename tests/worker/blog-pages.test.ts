import { beforeAll, describe, expect, it } from "vitest";
import { publishOldCopies, linkNamed } from "./entries";
import { fetchPage, shown } from "./fetch";

/**
 * /blog shows the twelve newest posts, older ones behind plain links
 * (docs/decisions/057-years-of-data.md): ten years hold about 170 posts, and drawing them all made
 * the page grow with every one.
 */
const POSTS_ADDED = 20;

/** The posts a page of the blog shows, in order, and its page links. */
async function blogOf(path: string) {
  const html = shown(await (await fetchPage(path)).text());
  const link = (name: string) => linkNamed(html, name);
  return {
    slugs: [...new Set([...html.matchAll(/href="\/blog\/([^"?#]+)"/g)].map((match) => match[1]))],
    html,
    link,
  };
}

beforeAll(
  () =>
    publishOldCopies(
      { type: "post", slug: "why-we-mentor", prefix: "old-post", count: POSTS_ADDED },
      "/blog",
    ),
  180_000,
);

describe("/blog, a page at a time", () => {
  it("shows the twelve newest posts, then the older ones by a link that needs no JavaScript", async () => {
    const first = await blogOf("/blog");
    expect(first.slugs).toHaveLength(12);
    expect(first.slugs.slice(0, 3)).toEqual(["first-year-lessons", "homework-routine-tips", "why-we-mentor"]);
    expect(first.link("Older posts")).toBe("/blog?page=2");
    expect(first.link("Newer posts")).toBeUndefined();

    const second = await blogOf("/blog?page=2");
    expect(second.link("Newer posts")).toBe("/blog");
    expect(second.link("Older posts")).toBeUndefined();
    // Every post once, newest first, the oldest last.
    const all = [...first.slugs, ...second.slugs];
    expect(new Set(all).size).toBe(3 + POSTS_ADDED);
    expect(all.slice(-3)).toEqual(["old-post-3", "old-post-2", "old-post-1"]);
  });

  it("reads a page number out of range or mistyped as the nearest page, never an error", async () => {
    expect((await blogOf("/blog?page=999")).slugs.at(-1)).toBe("old-post-1");
    expect((await blogOf("/blog?page=abc")).slugs).toEqual((await blogOf("/blog")).slugs);
    expect((await fetchPage("/blog?page=-3")).status).toBe(200);
  });

  it("says it in Spanish", async () => {
    const spanish = await blogOf("/blog?lng=es");
    expect(spanish.link("Artículos anteriores")).toBe("/blog?page=2");
    expect(spanish.html).toContain('aria-label="Páginas del blog"');
    expect((await blogOf("/blog?page=2&lng=es")).link("Artículos más recientes")).toBe("/blog");
  });
});
