import { kvVersion } from "../kernel/kv-version.server";

/**
 * The version of the site's content (events, posts, stories, jobs, reports, team, facts): staff
 * publishing a change bumps it, and every cache of rendered or read content is keyed by it
 * (docs/architecture.md, KV), so a publish never waits for a cache to expire.
 */
const contentVersion = kvVersion("content:version");

/** Checked in KV at most every 30 s per isolate; a publish in this isolate is seen at once. */
export const getContentVersion = contentVersion.read;

/** Called after staff publish, archive or change published content, once D1 has committed it. */
export const bumpContentVersion = contentVersion.bump;
