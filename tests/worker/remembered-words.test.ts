import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveOverride } from "~/server/admin/content.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, shown } from "./fetch";

/** What a visitor reads on a page: its HTML without the scripts (the copy's data block holds every word). */
const read = async (path: string) => shown(await (await fetchPage(path)).text());
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

afterEach(() => vi.useRealTimers());

// Its own file, so its own isolate memory, database and KV (decision 058: the words the server remembers).
describe("the words the server remembers between requests (decision 058)", () => {
  it("shows a copy edit made here on the next view of the frame and the home page", async () => {
    const home = await read("/?lng=es");
    expect(home).toContain(">Inicio<");
    expect(home).toContain("Donde los chicos de NYC aprenden, juegan y crecen");

    const { user } = await userWithSession("copy-editor@example.org", "STAFF");
    const edits = [
      { namespace: "common", key: "nav.home", value: "Portada" },
      { namespace: "home", key: "hero.title", value: "Aquí aprenden los chicos de NYC" },
    ];
    for (const edit of edits) await saveOverride(env, user, { locale: "es", ...edit });

    const edited = await read("/?lng=es");
    expect(edited).toContain(">Portada<");
    expect(edited).not.toContain(">Inicio<");
    expect(edited).toContain("Aquí aprenden los chicos de NYC");
    expect(edited).not.toContain("Donde los chicos de NYC aprenden, juegan y crecen");
    // Each language remembers its own words: English is untouched.
    const english = await read("/?lng=en");
    expect(english).toContain(">Home<");
    expect(english).not.toContain("Portada");
  });

  it("shows an edit made elsewhere within 30 s, as the copy's version promises (decision 027)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    expect(await read("/?lng=en")).toContain(">Home<");
    // Saved by another isolate: the row in D1 and the version in KV, not this isolate's memory.
    await env.DB.prepare(
      "INSERT INTO translation_overrides (locale, namespace, key, value) VALUES ('en', 'common', 'nav.home', 'Start')",
    ).run();
    await env.CACHE.put("translations:version", "elsewhere");
    later(5_000);
    expect(await read("/?lng=en")).toContain(">Home<");
    later(30_000);
    const edited = await read("/?lng=en");
    expect(edited).toContain(">Start<");
    expect(edited).not.toContain(">Home<");
  });
});
