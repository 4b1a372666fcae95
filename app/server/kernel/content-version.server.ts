import { kvVersion } from "./kv-version.server";

/**
 * The version of the site's content (events, posts, stories, jobs, reports, team, facts): staff
 * publishing a change bumps it, and every cache of rendered or read content is keyed by it
 * (docs/architecture.md, KV), so a publish never waits for a cache to expire.
 *
 * Scheduled entries (decision 053): the KV value carries, after the version, the nearest moments
 * at which a published entry starts to show ("version|moment,moment"). The version an isolate
 * uses is the stored one plus the latest of those moments already passed, so it changes by itself
 * when a moment passes — in every isolate, with no Cron run, save or visit — and every cache keyed
 * on it (the published entries, the edge HTML cache) lets go then.
 */
const contentVersion = kvVersion("content:version");

/** The nearest scheduled moments the value carries (about 25 bytes each). */
export const SCHEDULE_MOMENTS_KEPT = 50;

function read(value: string) {
  const [version = "0", moments = ""] = value.split("|");
  return { version, moments: moments ? moments.split(",") : [] };
}

/** Checked in KV at most every 30 s per isolate; a publish in this isolate is seen at once. */
export async function getContentVersion(env: Pick<Env, "CACHE">): Promise<string> {
  const { version, moments } = read(await contentVersion.read(env));
  const now = new Date().toISOString();
  const passed = moments.findLast((moment) => moment <= now);
  return passed ? `${version}@${passed}` : version;
}

/**
 * Called after staff publish, archive or change published content, once D1 has committed it,
 * with the moments (UTC ISO) at which published entries are still to show.
 */
export async function bumpContentVersion(
  env: Pick<Env, "CACHE">,
  upcoming: readonly string[] = [],
): Promise<string> {
  const version = Date.now().toString(36);
  const moments = [...upcoming].sort().slice(0, SCHEDULE_MOMENTS_KEPT);
  await contentVersion.bump(env, moments.length ? `${version}|${moments.join(",")}` : version);
  return version;
}
