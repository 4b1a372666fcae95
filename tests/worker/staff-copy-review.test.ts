import { beforeAll, describe, expect, it } from "vitest";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";

let staff: Awaited<ReturnType<typeof userWithSession>>;
const page = async (path: string) =>
  shown(await (await fetchPage(path, { headers: { Cookie: staff.cookie } })).text()).replaceAll(
    "<!-- -->",
    "",
  );
const post = (fields: Record<string, string>) => postForm("/admin/content", fields, { Cookie: staff.cookie });
const HOME = { namespace: "common", key: "nav.home" };
/** The row's badge (the filter's option has the same words). */
const BADGE = /rounded-full[^>]*>Needs review</;

beforeAll(async () => {
  staff = await userWithSession("dana.copy@example.org", "STAFF", "Dana");
});

describe("the site wording editor", () => {
  it("opens on the reader's own language and on every section, each text named by its page", async () => {
    const english = await page("/admin/content");
    expect(english).toMatch(/<select name="locale"[^>]*>.*<option value="en" selected=""/s);
    expect(english).toMatch(/<option value="all" selected=""/);
    const spanish = await page("/admin/content?lng=es");
    expect(spanish).toMatch(/<select name="locale"[^>]*>.*<option value="es" selected=""/s);
    // The row is headed by where the text appears, the key kept beside it as a hint.
    const row = await page("/admin/content?namespace=common&q=nav.home");
    expect(row).toMatch(/<h2 class="font-semibold">[^<]+<\/h2>/);
    expect(row).toContain(">common:nav.home</code>");
  }, 60_000);

  it("a change in English marks the Spanish as needing review until someone touches it, and says who", async () => {
    expect((await post({ intent: "save", locale: "en", ...HOME, value: "Front page" })).status).toBe(200);
    const english = await page("/admin/content?locale=en&namespace=common&q=nav.home");
    expect(english).toContain("Last change: Dana,");
    expect(english).not.toMatch(BADGE);
    const spanish = await page("/admin/content?locale=es&namespace=common&q=nav.home");
    expect(spanish).toMatch(BADGE);
    expect(spanish).toContain("Dana changed the other language since this text was last touched:");
    // The filter lists it, and only what needs review.
    const waiting = await page("/admin/content?locale=es&review=1");
    expect(waiting).toContain(">common:nav.home</code>");
    expect(waiting).toContain("1 result");
    // "Still right" answers it without a change.
    expect((await post({ intent: "reviewed", locale: "es", ...HOME })).status).toBe(200);
    expect(await page("/admin/content?locale=es&namespace=common&q=nav.home")).not.toMatch(BADGE);
    expect(await page("/admin/content?locale=es&review=1")).not.toContain(">common:nav.home</code>");
  });

  it("saving the other language also answers it", async () => {
    await post({ intent: "save", locale: "en", ...HOME, value: "Home page" });
    expect(await page("/admin/content?locale=es&review=1")).toContain(">common:nav.home</code>");
    await post({ intent: "save", locale: "es", ...HOME, value: "Página de inicio" });
    expect(await page("/admin/content?locale=es&review=1")).not.toContain(">common:nav.home</code>");
    // …and now the English needs a look.
    expect(await page("/admin/content?locale=en&review=1")).toContain(">common:nav.home</code>");
  });
});
