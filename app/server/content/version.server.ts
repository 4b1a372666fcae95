import { writeVersion } from "../kernel/version-write.server";

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
const CONTENT_VERSION_KEY = "content:version";

/** The nearest scheduled moments the value carries (about 25 bytes each). */
export const SCHEDULE_MOMENTS_KEPT = 50;

/** An isolate asks KV at most every 30 s (decision 027); a publish in this isolate is seen at once. */
const RECHECK_MS = 30_000;
let known: { version: string; moments: string[]; checkedAt: number } | undefined;

function read(value: string | null) {
  const [version = "0", moments = ""] = (value ?? "0").split("|");
  return { version, moments: moments ? moments.split(",") : [] };
}

export async function getContentVersion(env: Pick<Env, "CACHE">): Promise<string> {
  const now = Date.now();
  if (!known || now - known.checkedAt >= RECHECK_MS) {
    known = { ...read(await env.CACHE.get(CONTENT_VERSION_KEY)), checkedAt: now };
  }
  const nowIso = new Date(now).toISOString();
  const passed = known.moments.findLast((moment) => moment <= nowIso);
  return passed ? `${known.version}@${passed}` : known.version;
}

/**
 * Called after staff publish, archive or change published content, once D1 has committed it,
 * with the moments (UTC ISO) at which published entries are still to show: this isolate uses the
 * new version at once, and the KV write that tells the others never fails the save
 * (`writeVersion`, decision 045).
 */
export async function bumpContentVersion(
  env: Pick<Env, "CACHE">,
  upcoming: readonly string[] = [],
): Promise<string> {
  const version = Date.now().toString(36);
  const moments = [...upcoming].sort().slice(0, SCHEDULE_MOMENTS_KEPT);
  known = { version, moments, checkedAt: Date.now() };
  await writeVersion(env, CONTENT_VERSION_KEY, moments.length ? `${version}|${moments.join(",")}` : version);
  return version;
}
