import { writeVersion } from "./version-write.server";

/**
 * The version of the site's content (events, posts, stories, jobs, reports, team, facts): staff
 * publishing a change bumps it, and every cache of rendered or read content is keyed by it
 * (docs/architecture.md, KV), so a publish never waits for a cache to expire.
 */
const CONTENT_VERSION_KEY = "content:version";

/** An isolate asks KV at most every 30 s (decision 027); a publish in this isolate is seen at once. */
const RECHECK_MS = 30_000;
let known: { version: string; checkedAt: number } | undefined;

export async function getContentVersion(env: Pick<Env, "CACHE">): Promise<string> {
  if (known && Date.now() - known.checkedAt < RECHECK_MS) return known.version;
  const version = (await env.CACHE.get(CONTENT_VERSION_KEY)) ?? "0";
  known = { version, checkedAt: Date.now() };
  return version;
}

/**
 * Called after staff publish, archive or change published content, once D1 has committed it: this
 * isolate uses the new version at once, and the KV write that tells the others never fails the
 * save (`writeVersion`, decision 045).
 */
export async function bumpContentVersion(env: Pick<Env, "CACHE">): Promise<string> {
  const version = Date.now().toString(36);
  known = { version, checkedAt: Date.now() };
  await writeVersion(env, CONTENT_VERSION_KEY, version);
  return version;
}
