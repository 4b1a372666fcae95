import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import * as v from "valibot";
import {
  fieldsSchema,
  toFormValues,
  type ContentType,
  type Entry,
  type ProgramFields,
} from "~/lib/content/entry-types";
import type { ProgramBadge } from "~/content/programs";
import { newYorkDate } from "~/lib/format";
import { getDb } from "../db/client.server";
import { contentEntries } from "../db/schema";
import { getContentVersion } from "../kernel/content-version.server";

/**
 * What the public pages read (decision 020). The published entries of a type are read from D1
 * once per isolate and content version, parsed with the type's schema, and kept here. The version
 * is the one every content cache keys on (`getContentVersion`: checked in KV at most every 30 s,
 * at once in the isolate that published), so a page view costs no D1 query, and a publish shows
 * in the publishing isolate on its next request and everywhere within 30 s plus KV's propagation.
 */
const published = new Map<ContentType, { version: string; entries: Entry<ContentType>[] }>();

/** A stored row's fields, typed, or null if they no longer fit the type's schema. */
export function parseFields<T extends ContentType>(
  type: T,
  fields: Record<string, unknown>,
): Entry<T>["fields"] | null {
  const parsed = v.safeParse(fieldsSchema(type), toFormValues(type, fields));
  return parsed.success ? (parsed.output as unknown as Entry<T>["fields"]) : null;
}

/** Every published entry of a type, oldest sort date first. */
export async function listPublished<T extends ContentType>(
  env: Pick<Env, "DB" | "CACHE">,
  type: T,
): Promise<Entry<T>[]> {
  const version = await getContentVersion(env);
  const cached = published.get(type);
  if (cached?.version === version) return cached.entries as Entry<T>[];
  const rows = await getDb(env)
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.type, type),
        eq(contentEntries.status, "published"),
        // Scheduled entries show from their moment; the version changes when it passes (decision 053).
        or(isNull(contentEntries.publishAt), lte(contentEntries.publishAt, new Date().toISOString())),
      ),
    )
    .orderBy(asc(contentEntries.sortDate), asc(contentEntries.slug));
  const entries = rows.flatMap((row) => {
    const fields = parseFields(type, row.fields);
    return fields ? [{ id: row.id, slug: row.slug, updatedAt: row.updatedAt, fields }] : [];
  });
  published.set(type, { version, entries: entries as Entry<ContentType>[] });
  return entries;
}

/** One published entry by its slug, or undefined. */
export async function findPublished<T extends ContentType>(
  env: Pick<Env, "DB" | "CACHE">,
  type: T,
  slug: string | undefined,
): Promise<Entry<T> | undefined> {
  return (await listPublished(env, type)).find((entry) => entry.slug === slug);
}

/** A published event by its slug: what the tickets and RSVPs of an event read (price, capacity). */
export function findPublishedEvent(env: Pick<Env, "DB" | "CACHE">, slug: string | undefined) {
  return findPublished(env, "event", slug);
}

/** Past events one page of /events shows: the recent past, older ones a link away (decision 057). */
export const PAST_EVENTS_PER_PAGE = 12;

/**
 * Upcoming (today or later, soonest first) and past (most recent first), by New York's date: every
 * upcoming event, and page `pastPage` of the past (a page out of range is the nearest one), with
 * the number of such pages. Ten years hold 200 past events; rendering them all was most of the page.
 */
export async function listEvents(env: Pick<Env, "DB" | "CACHE">, now: Date = new Date(), pastPage = 1) {
  const events = await listPublished(env, "event");
  const today = newYorkDate(now);
  const past = pageOf(
    events.filter((event) => event.fields.date < today).reverse(),
    pastPage,
    PAST_EVENTS_PER_PAGE,
  );
  return {
    upcoming: events.filter((event) => event.fields.date >= today),
    past: past.entries,
    pastPage: past.page,
    pastPageCount: past.pageCount,
  };
}

/** Page `asked` of `entries` (a number out of range is the nearest page), and how many pages there are. */
function pageOf<T>(entries: T[], asked: number, perPage: number) {
  const pageCount = Math.max(1, Math.ceil(entries.length / perPage));
  const page = Math.min(Math.max(1, Math.trunc(asked) || 1), pageCount);
  return { entries: entries.slice((page - 1) * perPage, page * perPage), page, pageCount };
}

/** Blog posts, newest first. */
export async function listPosts(env: Pick<Env, "DB" | "CACHE">) {
  return [...(await listPublished(env, "post"))].reverse();
}

/** Posts one page of /blog shows; older ones are a link away (decision 057). */
export const POSTS_PER_PAGE = 12;

/**
 * Page `page` of the blog, newest first, and the number of pages. Ten years hold about 170 posts:
 * drawn all on one page, the page grew with every post (decision 057).
 */
export async function listPostsPage(env: Pick<Env, "DB" | "CACHE">, page = 1) {
  const { entries, ...pages } = pageOf(await listPosts(env), page, POSTS_PER_PAGE);
  return { posts: entries, ...pages };
}

/** Each program's badge as staff set it (a `program` entry, decision 029), by program id; the first published entry of a program counts. */
export async function listProgramBadges(
  env: Pick<Env, "DB" | "CACHE">,
): Promise<Partial<Record<ProgramFields["program"], ProgramBadge>>> {
  const badges: Partial<Record<ProgramFields["program"], ProgramBadge>> = {};
  for (const { fields } of await listPublished(env, "program")) {
    badges[fields.program] ??= { badge: fields.badge, startsOn: fields.startsOn };
  }
  return badges;
}

/** Published volunteer roles (decision 029), by their order, then title. */
export async function listRoles(env: Pick<Env, "DB" | "CACHE">) {
  return byPosition(await listPublished(env, "role"), (role) => role.fields.title.en);
}

/** Published partner prospects (decision 029), by their order, then name. */
export async function listProspects(env: Pick<Env, "DB" | "CACHE">) {
  return byPosition(await listPublished(env, "prospect"), (prospect) => prospect.fields.name.en);
}

/** Lower `position` first, then empty; ties by name. */
function byPosition<T extends { fields: { position: number | null } }>(
  entries: T[],
  name: (entry: T) => string,
) {
  return entries.toSorted(
    (a, b) =>
      (a.fields.position ?? Infinity) - (b.fields.position ?? Infinity) || name(a).localeCompare(name(b)),
  );
}
