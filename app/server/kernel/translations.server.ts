import { eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { translationOverrides } from "../db/schema";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n";

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

/** The version of the copy: the build's JSON plus the admin edits made since. */
export async function getTranslationVersion(env: Pick<Env, "CACHE">): Promise<string> {
  const edits = (await env.CACHE.get(VERSION_KEY)) ?? "0";
  return `${BUILD_HASH}.${edits}`;
}

/** Called after an admin edit: the next request builds a fresh bundle. */
export async function bumpTranslationVersion(env: Pick<Env, "CACHE">): Promise<string> {
  await env.CACHE.put(VERSION_KEY, Date.now().toString(36));
  return getTranslationVersion(env);
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

async function buildBundle(env: Pick<Env, "DB">, locale: Locale): Promise<TranslationBundle> {
  const bundle = structuredClone(BUNDLED[locale] ?? {});
  const rows = await getDb(env)
    .select()
    .from(translationOverrides)
    .where(eq(translationOverrides.locale, locale));
  for (const row of rows) {
    const namespace = (bundle[row.namespace] ??= {});
    setPath(namespace, row.key, row.value);
  }
  return bundle;
}

/**
 * The merged copy for one locale, cached in KV under a versioned key (docs/architecture.md, KV).
 * `cache` says whether KV had it, for the /locales responses and the tests.
 */
export async function getTranslationBundle(
  env: Pick<Env, "DB" | "CACHE">,
  locale: Locale,
  version?: string,
): Promise<{ bundle: TranslationBundle; version: string; cache: "hit" | "miss" }> {
  const currentVersion = version ?? (await getTranslationVersion(env));
  const key = bundleCacheKey(currentVersion, locale);
  const cached = await env.CACHE.get<TranslationBundle>(key, "json");
  if (cached) return { bundle: cached, version: currentVersion, cache: "hit" };
  const bundle = await buildBundle(env, locale);
  // Old versions expire on their own; a day covers every page still open in a browser.
  await env.CACHE.put(key, JSON.stringify(bundle), { expirationTtl: 86_400 });
  return { bundle, version: currentVersion, cache: "miss" };
}
