import { LRUCache } from "lru-cache";
import { logError } from "./log.server";

/** KV takes one write a second to a key: a second try after that much usually lands. */
const KV_SAME_KEY_INTERVAL_MS = 1_100;

/**
 * Writes a cache version to KV after D1 has committed the change it announces. KV refuses a
 * second write to one key within a second (429), as when two staff save at once: the write is
 * tried again a second later, and a write still refused is logged, never thrown, so a saved
 * change never answers as an error. The isolate that saved already uses the new version; the
 * others see it at the next version written (docs/decisions/045-within-the-platform-limits.md).
 */
async function writeVersion(env: Pick<Env, "CACHE">, key: string, version: string): Promise<void> {
  try {
    await env.CACHE.put(key, version);
  } catch {
    await new Promise((resolve) => setTimeout(resolve, KV_SAME_KEY_INTERVAL_MS));
    await env.CACHE.put(key, version).catch((error: unknown) => logError(error, { kvKey: key }));
  }
}

/** How long an isolate trusts a version it last read before asking KV again (decision 027). */
export const VERSION_RECHECK_MS = 30_000;

/**
 * A version kept in KV that caches key on (the content's, the copy's): read from KV at most once
 * every 30 s per isolate, one read at a time however many requests ask (decision 027); a bump made
 * in this isolate is seen at once, one made elsewhere within 30 s (KV itself takes up to a minute
 * to carry it to other locations). The KV write never fails the save that bumped it
 * (`writeVersion`, decision 045).
 */
export function kvVersion(kvKey: string) {
  const known = new LRUCache<string, string, Pick<Env, "CACHE">>({
    max: 1,
    ttl: VERSION_RECHECK_MS,
    // Date.now(), the clock the rest of the Worker reads (and the tests move), read at each look-up:
    // lru-cache would otherwise keep "now" until a timer clears it, and workerd drops a timer
    // when the request that set it ends, so "now" could stay put and nothing would expire.
    perf: { now: () => Date.now() },
    ttlResolution: 0,
    fetchMethod: async (key, _stale, { context }) => (await context.CACHE.get(key)) ?? "0",
  });
  return {
    read: async (env: Pick<Env, "CACHE">): Promise<string> =>
      (await known.fetch(kvKey, { context: env })) ?? "0",
    /**
     * Called once D1 has committed the change the new version announces; `value` is what to
     * store when the version carries more than a fresh stamp (the content's scheduled moments).
     */
    bump: async (env: Pick<Env, "CACHE">, value = Date.now().toString(36)): Promise<string> => {
      const version = value;
      known.set(kvKey, version);
      await writeVersion(env, kvKey, version);
      return version;
    },
  };
}
