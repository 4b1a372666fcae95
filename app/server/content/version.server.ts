/**
 * The version of the site's content (events, posts, stories, jobs, reports, team, facts): staff
 * publishing a change bumps it, and every cache of rendered or read content is keyed by it
 * (docs/architecture.md, KV), so a publish never waits for a cache to expire.
 */
const CONTENT_VERSION_KEY = "content:version";

export async function getContentVersion(env: Pick<Env, "CACHE">): Promise<string> {
  return (await env.CACHE.get(CONTENT_VERSION_KEY)) ?? "0";
}

/** Called after staff publish, archive or change published content. */
export async function bumpContentVersion(env: Pick<Env, "CACHE">): Promise<string> {
  const version = Date.now().toString(36);
  await env.CACHE.put(CONTENT_VERSION_KEY, version);
  return version;
}
