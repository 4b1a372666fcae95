import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { saveOverride } from "~/server/admin/content.server";
import {
  bumpTranslationVersion,
  bundleCacheKey,
  getTranslationVersion,
} from "~/server/kernel/translations.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage } from "./fetch";

async function readNamespace(path: string, headers: Record<string, string> = {}) {
  const response = await fetchPage(path, { headers });
  return {
    response,
    body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : null,
  };
}

describe("translations through the KV cache", () => {
  it("builds the bundle on a miss, then serves it from KV", async () => {
    const first = await readNamespace("/locales/es/common.json");
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("X-Translations-Cache")).toBe("miss");
    expect((first.body!.nav as Record<string, string>).home).toBe("Inicio");

    const version = await getTranslationVersion(env);
    expect(await env.CACHE.get(bundleCacheKey(version, "es"))).not.toBeNull();

    const second = await readNamespace("/locales/es/common.json");
    expect(second.response.headers.get("X-Translations-Cache")).toBe("hit");
    expect(second.body).toEqual(first.body);
  });

  it("rebuilds with an admin override after the version is bumped", async () => {
    await readNamespace("/locales/es/common.json");
    await env.DB.prepare(
      "INSERT INTO translation_overrides (locale, namespace, key, value) VALUES ('es', 'common', 'nav.home', 'Portada')",
    ).run();
    // Until the version changes, the cached bundle is still served.
    const stale = await readNamespace("/locales/es/common.json");
    expect((stale.body!.nav as Record<string, string>).home).toBe("Inicio");

    await bumpTranslationVersion(env);
    const fresh = await readNamespace("/locales/es/common.json");
    expect(fresh.response.headers.get("X-Translations-Cache")).toBe("miss");
    expect((fresh.body!.nav as Record<string, string>).home).toBe("Portada");
    // And the server-rendered page uses it on the next request.
    expect(await (await fetchPage("/?lng=es")).text()).toContain("Portada");
  });

  it("gives a page's title from the copy of the moment, not from the last render", async () => {
    const title = async () =>
      /<title>([^<]+)<\/title>/.exec(await (await fetchPage("/about?lng=en")).text())![1];
    const before = await title();
    expect(await title()).toBe(before);
    // As the copy editor saves it: the override, then a new version of the copy.
    const { user } = await userWithSession("title-editor@example.org", "STAFF");
    await saveOverride(env, user, {
      locale: "en",
      namespace: "meta",
      key: "pages.about.title",
      value: "Who we are",
    });
    expect(await title()).not.toBe(before);
    expect(await title()).toContain("Who we are");
  });

  it("answers with an ETag, 304 on a match, and long caching only for the current version", async () => {
    const version = await getTranslationVersion(env);
    const { response } = await readNamespace(`/locales/en/common.json?v=${version}`);
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    const etag = response.headers.get("ETag")!;
    const again = await fetchPage("/locales/en/common.json", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Cache-Control")).toContain("must-revalidate");
  });

  it("answers 404 for an unknown language or namespace", async () => {
    expect((await fetchPage("/locales/fr/common.json")).status).toBe(404);
    expect((await fetchPage("/locales/en/nothing.json")).status).toBe(404);
  });
});
