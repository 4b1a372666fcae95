import { eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { statesEin } from "./stated-facts.server";
import { translationOverrides } from "../db/schema";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n";
import { logError } from "./log.server";
import { writeVersion } from "./version-write.server";

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
const VERSION_KEY = "translations:version";

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** How long an isolate trusts the version it last read before asking KV again. */
export const VERSION_RECHECK_MS = 30_000;
let knownVersion: { edits: string; checkedAt: number } | undefined;
let versionRead: Promise<string> | undefined;

/**
 * The version of the copy: the build's JSON plus the admin edits made since. Read from KV at most
 * once every 30 s per isolate (decision 027); an edit made in this isolate is seen at once, one made
 * elsewhere within 30 s (KV itself takes up to a minute to carry it to other locations).
 */
export async function getTranslationVersion(env: Pick<Env, "CACHE">): Promise<string> {
  if (knownVersion && Date.now() - knownVersion.checkedAt < VERSION_RECHECK_MS) {
    return `${BUILD_HASH}.${knownVersion.edits}`;
  }
  versionRead ??= env.CACHE.get(VERSION_KEY)
    .then((edits) => {
      knownVersion = { edits: edits ?? "0", checkedAt: Date.now() };
      return knownVersion.edits;
    })
    .finally(() => (versionRead = undefined));
  return `${BUILD_HASH}.${await versionRead}`;
}

/**
 * Called after an admin edit, once D1 has committed it: the next request builds a fresh bundle,
 * and the KV write never fails the saved edit (`writeVersion`, decision 045).
 */
export async function bumpTranslationVersion(env: Pick<Env, "CACHE">): Promise<string> {
  const edits = Date.now().toString(36);
  knownVersion = { edits, checkedAt: Date.now() };
  await writeVersion(env, VERSION_KEY, edits);
  return `${BUILD_HASH}.${edits}`;
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

/** The parsed bundles of the current version, per locale, held by the isolate. */
const parsedBundles = new Map<string, Promise<TranslationBundle>>();

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
  const key = bundleCacheKey(currentVersion, locale);
  const held = parsedBundles.get(key);
  if (held) {
    const bundle = await held.catch(() => null);
    if (bundle) return { bundle, version: currentVersion, cache: "hit" };
  }
  let cache: "hit" | "miss" = "hit";
  const loading = (async () => {
    const cached = await env.CACHE.get<TranslationBundle>(key, "json");
    if (cached) return cached;
    cache = "miss";
    const bundle = await buildBundle(env, locale);
    // Old versions expire on their own; a day covers every page still open in a browser. After a
    // deploy many isolates miss at once and write this same key, which KV takes once a second:
    // the bundle is the same whoever writes it, so a refused write is only logged (decision 045).
    await env.CACHE.put(key, JSON.stringify(bundle), { expirationTtl: 86_400 }).catch((error: unknown) =>
      logError(error, { kvKey: key }),
    );
    return bundle;
  })();
  // Only the current version's bundles stay: an edit leaves the old ones to be collected.
  for (const other of parsedBundles.keys())
    if (!other.startsWith(`translations:${currentVersion}:`)) parsedBundles.delete(other);
  parsedBundles.set(key, loading);
  loading.catch(() => parsedBundles.delete(key));
  return { bundle: await loading, version: currentVersion, cache };
}
