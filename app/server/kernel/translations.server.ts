import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDb } from "../db/client.server";
import { statesEin } from "./stated-facts.server";
import { translationOverrides } from "../db/schema";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n";
import { logError } from "./log.server";
import { kvVersion } from "./kv-version.server";

type Namespace = Record<string, unknown>;
export type TranslationBundle = Record<string, Namespace>;

const files = import.meta.glob<Namespace>("../../locales/*/*.json", { eager: true, import: "default" });

/** The JSON shipped with this build, by locale and namespace. */
export const BUNDLED: Record<string, TranslationBundle> = {};
for (const [path, resource] of Object.entries(files)) {
  const [, locale, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!locale || !namespace) continue;
  (BUNDLED[locale] ??= {})[namespace] = resource;
}
export const NAMESPACES = Object.keys(BUNDLED[DEFAULT_LOCALE] ?? {}).sort();

// A new deployment with changed JSON must not be served an old cached bundle.
const BUILD_HASH = fnv1a(JSON.stringify(BUNDLED));

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The admin's edits since the build: checked in KV at most every 30 s per isolate (decision 027). */
const editsVersion = kvVersion("translations:version");

/**
 * The version of the copy: the build's JSON plus the admin edits made since. An edit made in this
 * isolate is seen at once, one made elsewhere within 30 s.
 */
export async function getTranslationVersion(env: Pick<Env, "CACHE">): Promise<string> {
  return `${BUILD_HASH}.${await editsVersion.read(env)}`;
}

/** Called after an admin edit, once D1 has committed it: the next request builds a fresh bundle. */
export async function bumpTranslationVersion(env: Pick<Env, "CACHE">): Promise<string> {
  return `${BUILD_HASH}.${await editsVersion.bump(env)}`;
}

export function bundleCacheKey(version: string, locale: string): string {
  return `translations:${version}:${locale}`;
}

function setPath(target: Namespace, dottedKey: string, value: string) {
  const parts = dottedKey.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = node[part] = typeof next === "object" && next !== null ? { ...(next as Namespace) } : {};
  }
  node[parts.at(-1)!] = value;
}

/** What the build ships for a key, in every language. */
function shippedTexts(namespace: string, dottedKey: string): string {
  return Object.values(BUNDLED)
    .map((bundle) =>
      dottedKey
        .split(".")
        .reduce<unknown>((node, part) => (node as Namespace | undefined)?.[part], bundle[namespace]),
    )
    .filter((text): text is string => typeof text === "string")
    .join("\n");
}

async function buildBundle(env: Pick<Env, "DB">, locale: Locale): Promise<TranslationBundle> {
  const bundle = structuredClone(BUNDLED[locale] ?? {});
  const rows = await getDb(env)
    .select()
    .from(translationOverrides)
    .where(eq(translationOverrides.locale, locale));
  for (const row of rows) {
    // An override saved before the copy editor refused them that writes out an EIN gives way to
    // the shipped text: the EIN comes only from the organisation's facts (decision 047).
    if (statesEin(row.value, shippedTexts(row.namespace, row.key))) continue;
    const namespace = (bundle[row.namespace] ??= {});
    setPath(namespace, row.key, row.value);
  }
  return bundle;
}

type BundleLoad = { env: Pick<Env, "DB" | "CACHE">; locale: Locale };
type HeldBundle = { bundle: TranslationBundle; built: boolean };

/**
 * The parsed bundles, per version and locale, held by the isolate: both languages of the current
 * version and of the one before it (pages rendered just before an edit), one load at a time per key.
 * `built` says this isolate built it from D1 because KV did not have it.
 */
const parsedBundles = new LRUCache<string, HeldBundle, BundleLoad>({
  max: 4,
  fetchMethod: async (key, _stale, { context: { env, locale } }) => {
    const cached = await env.CACHE.get<TranslationBundle>(key, "json");
    if (cached) return { bundle: cached, built: false };
    const bundle = await buildBundle(env, locale);
    // Old versions expire on their own; a day covers every page still open in a browser. After a
    // deploy many isolates miss at once and write this same key, which KV takes once a second:
    // the bundle is the same whoever writes it, so a refused write is only logged (decision 045).
    await env.CACHE.put(key, JSON.stringify(bundle), { expirationTtl: 86_400 }).catch((error: unknown) =>
      logError(error, { kvKey: key }),
    );
    return { bundle, built: true };
  },
});

/**
 * The merged copy for one locale: held parsed in the isolate per version and locale, behind that
 * in KV under a versioned key (docs/architecture.md, KV), built from the JSON and D1 on a miss.
 * `cache` says whether the isolate or KV had it, for the /locales responses and the tests.
 */
export async function getTranslationBundle(
  env: Pick<Env, "DB" | "CACHE">,
  locale: Locale,
  version?: string,
): Promise<{ bundle: TranslationBundle; version: string; cache: "hit" | "miss" }> {
  const currentVersion = version ?? (await getTranslationVersion(env));
  const status: LRUCache.Status<string, HeldBundle, BundleLoad> = {};
  const held = await parsedBundles.fetch(bundleCacheKey(currentVersion, locale), {
    context: { env, locale },
    status,
  });
  const builtNow = held!.built && status.fetch === "miss";
  return { bundle: held!.bundle, version: currentVersion, cache: builtNow ? "miss" : "hit" };
}
