import { beforeAll, describe, expect, it } from "vitest";
import { publishOldCopies, linkNamed } from "./entries";
import { fetchPage, shown } from "./fetch";

/**
 * /events shows every upcoming event and the past twelve at a time, older ones behind plain links
 * (docs/decisions/057-years-of-data.md): ten years hold 200 past events.
 */
const PAST_ADDED = 20;

/** The slugs the page's past section shows, in order, and its page links. */
async function pastOf(path: string) {
  const html = shown(await (await fetchPage(path)).text());
  const section = html.slice(html.indexOf('data-testid="past-events"'));
  const link = (name: string) => linkNamed(section, name);
  return {
    slugs: [...section.matchAll(/data-event="([^"]+)"/g)].map((match) => match[1]),
    html,
    section,
    link,
  };
}

beforeAll(
  () => publishOldCopies({ type: "event", slug: "launch", prefix: "past", count: PAST_ADDED }, "/events"),
  180_000,
);

describe("/events past events, a page at a time", () => {
  it("shows the twelve most recent, then the older ones by a link that needs no JavaScript", async () => {
    const first = await pastOf("/events");
    expect(first.slugs).toHaveLength(12);
    expect(first.link("Older events")).toBe("/events?past=2#past");
    expect(first.link("More recent events")).toBeUndefined();

    const all = [...first.slugs];
    let page = first;
    for (let n = 2; page.link("Older events") && n < 10; n++) {
      page = await pastOf(page.link("Older events")!);
      expect(page.link("More recent events")).toBe(n === 2 ? "/events#past" : `/events?past=${n - 1}#past`);
      all.push(...page.slugs);
    }
    // Every past event once, newest first, the oldest last.
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(PAST_ADDED);
    expect(all.slice(-3)).toEqual(["past-3", "past-2", "past-1"]);
    // The JSON-LD describes the events the page shows, not every one.
    expect((first.html.match(/"@type":"Event"/g) ?? []).length).toBeLessThan(12 + 10);
  });

  it("reads a page number out of range or mistyped as the nearest page, never an error", async () => {
    const last = await pastOf("/events?past=999");
    expect(last.slugs.at(-1)).toBe("past-1");
    expect(last.link("Older events")).toBeUndefined();
    expect((await pastOf("/events?past=abc")).slugs).toEqual((await pastOf("/events")).slugs);
    expect((await fetchPage("/events?past=-3")).status).toBe(200);
  });

  it("says it in Spanish", async () => {
    const spanish = await pastOf("/events?lng=es");
    expect(spanish.link("Eventos anteriores")).toBe("/events?past=2#past");
    expect(spanish.section).toContain('aria-label="Más eventos pasados"');
  });
});
