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
export async function writeVersion(env: Pick<Env, "CACHE">, key: string, version: string): Promise<void> {
  try {
    await env.CACHE.put(key, version);
  } catch {
    await new Promise((resolve) => setTimeout(resolve, KV_SAME_KEY_INTERVAL_MS));
    await env.CACHE.put(key, version).catch((error: unknown) => logError(error, { kvKey: key }));
  }
}
