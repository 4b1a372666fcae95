import { LRUCache } from "lru-cache";
import type { TranslationMemory } from "~/lib/i18n-instance";
import { VERSION_RECHECK_MS } from "./kv-version.server";

/**
 * The isolate's memory of translated words (`useRememberedTranslations`), keyed by language,
 * version of the copy, namespace, key and options. An entry lives as long as the isolate trusts a
 * version it read (decision 027): should a request's copy and its root loader's version straddle
 * an edit made elsewhere, what it remembered under the new version is gone by the time that
 * version would have been read anew.
 */
export const translationMemory: TranslationMemory = new LRUCache<string, object | string>({
  max: 5_000,
  ttl: VERSION_RECHECK_MS,
  // Date.now() at each look-up, as in kv-version.server.ts: workerd drops lru-cache's timer.
  perf: { now: () => Date.now() },
  ttlResolution: 0,
});
