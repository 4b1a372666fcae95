import { and, asc, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { ContentStatus, ContentType } from "~/lib/content/entry-types";
import type { SessionUser } from "~/lib/session-user";
import type { Db } from "../db/client.server";
import { getDb } from "../db/client.server";
import { contentEntries, contentGone, contentVersions, users } from "../db/schema";
import {
  bumpContentVersion,
  getContentVersion,
  SCHEDULE_MOMENTS_KEPT,
} from "../kernel/content-version.server";
import { auditEntry } from "../records/audit.server";

/**
 * An entry's history and the addresses of entries taken down (decision 053).
 *
 * How many versions of one entry are kept: the newest 50. A save that makes the 51st drops the
 * oldest in the same batch, so the table holds at most 50 × the number of entries.
 */
export const CONTENT_VERSIONS_KEPT = 50;

type SavedState = { slug: string; status: ContentStatus; fields: Record<string, unknown> };

/** Whether an entry has any version yet (one indexed read before its first recorded save). */
export async function hasVersions(env: Pick<Env, "DB">, entryId: string) {
  return (await getDb(env).$count(contentVersions, eq(contentVersions.entryId, entryId))) > 0;
}

/**
 * The statements that record a save as the entry's next version, to run in the save's batch:
 * the state before when the entry has no version yet (`seedBefore`: it was imported or saved
 * before versions were kept, so it becomes version 1 with no saver), the new state, and the
 * pruning beyond the kept number. The next number is computed inside the insert.
 */
export function versionStatements(
  db: Db,
  entryId: string,
  user: SessionUser,
  saved: SavedState,
  seedBefore: (SavedState & { updatedAt: string }) | null,
) {
  const newest = sql`(SELECT max(${contentVersions.number}) FROM ${contentVersions} WHERE ${contentVersions.entryId} = ${entryId})`;
  return [
    ...(seedBefore
      ? [
          db.insert(contentVersions).values({
            id: crypto.randomUUID(),
            entryId,
            number: 1,
            slug: seedBefore.slug,
            status: seedBefore.status,
            fields: seedBefore.fields,
            createdAt: seedBefore.updatedAt,
          }),
        ]
      : []),
    db.insert(contentVersions).values({
      id: crypto.randomUUID(),
      entryId,
      number: sql`coalesce(${newest}, 0) + 1`,
      slug: saved.slug,
      status: saved.status,
      fields: saved.fields,
      savedBy: user.id,
      savedByEmail: user.email,
    }),
    db
      .delete(contentVersions)
      .where(
        and(
          eq(contentVersions.entryId, entryId),
          lte(contentVersions.number, sql`${newest} - ${CONTENT_VERSIONS_KEPT}`),
        ),
      ),
  ];
}

/**
 * Bumps the content version with the moments still to come at which published entries start to
 * show (decision 053): one indexed read of the nearest ones, then the version write.
 */
export async function publishChange(env: Pick<Env, "DB" | "CACHE">) {
  const rows = await getDb(env)
    .selectDistinct({ publishAt: contentEntries.publishAt })
    .from(contentEntries)
    .where(
      and(eq(contentEntries.status, "published"), gt(contentEntries.publishAt, new Date().toISOString())),
    )
    .orderBy(asc(contentEntries.publishAt))
    .limit(SCHEDULE_MOMENTS_KEPT);
  return bumpContentVersion(
    env,
    rows.flatMap((row) => (row.publishAt ? [row.publishAt] : [])),
  );
}

/** An entry's versions, newest first, for its history: who saved each (by name while the account remains) and when. */
export async function listVersions(env: Pick<Env, "DB">, entryId: string) {
  return getDb(env)
    .select({
      number: contentVersions.number,
      slug: contentVersions.slug,
      status: contentVersions.status,
      fields: contentVersions.fields,
      savedByEmail: contentVersions.savedByEmail,
      savedByName: users.name,
      createdAt: contentVersions.createdAt,
    })
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.savedBy))
    .where(eq(contentVersions.entryId, entryId))
    .orderBy(desc(contentVersions.number))
    .limit(CONTENT_VERSIONS_KEPT);
}

/** One version of an entry of the type, or null. */
export async function getVersion(env: Pick<Env, "DB">, type: ContentType, entryId: string, number: number) {
  const [row] = await getDb(env)
    .select({ fields: contentVersions.fields, number: contentVersions.number })
    .from(contentVersions)
    .innerJoin(contentEntries, eq(contentEntries.id, contentVersions.entryId))
    .where(
      and(
        eq(contentVersions.entryId, entryId),
        eq(contentVersions.number, number),
        eq(contentEntries.type, type),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The public address of an entry's own page, for the types that have one: a post's article and
 * an event's registration page (its calendar file answers by the event's id). Others are rows in
 * a list page, which simply stops showing them.
 */
export const GONE_LISTS = { post: "/blog", event: "/events" } as const satisfies Partial<
  Record<ContentType, string>
>;
export type TypeWithPage = keyof typeof GONE_LISTS;

export function hasOwnPage(type: ContentType): type is TypeWithPage {
  return Object.hasOwn(GONE_LISTS, type);
}

/** The entry's own public address, for the types that have one. */
export function publicPath(type: ContentType, slug: string): string | null {
  if (type === "post") return `/blog/${slug}`;
  if (type === "event") return `/events/${slug}/register`;
  return null;
}

/**
 * The statements that keep `content_gone` true after a save or a delete: an address that was
 * public and is not any more is recorded (with the redirect staff chose, if any, or the new
 * address of a published entry whose slug changed); an address published again is freed.
 */
export function goneStatements(
  db: Db,
  type: ContentType,
  before: { slug: string; status: ContentStatus } | null,
  after: { slug: string; status: ContentStatus } | null,
  redirectTo: string | null,
) {
  if (!hasOwnPage(type)) return [];
  const statements = [];
  const wasPublic = before?.status === "published";
  const stillPublic = after?.status === "published" && after.slug === before?.slug;
  if (wasPublic && !stillPublic) {
    // A published page that only changed its address sends its old links to the new one.
    const to = after?.status === "published" ? publicPath(type, after.slug) : redirectTo;
    statements.push(
      db
        .insert(contentGone)
        .values({ type, slug: before.slug, redirectTo: to })
        .onConflictDoUpdate({ target: [contentGone.type, contentGone.slug], set: { redirectTo: to } }),
    );
  }
  if (after?.status === "published") {
    statements.push(
      db.delete(contentGone).where(and(eq(contentGone.type, type), eq(contentGone.slug, after.slug))),
    );
  }
  return statements;
}

/** Per isolate and content version, like the published entries (decision 020): a gone page costs no D1 query after the first. */
const goneByType = new Map<TypeWithPage, { version: string; rows: Map<string, string | null> }>();

/**
 * Whether a type's address was taken down: `{ redirectTo }` (null for 410 Gone) or undefined
 * when it never was (a plain 404).
 */
export async function goneAddress(
  env: Pick<Env, "DB" | "CACHE">,
  type: TypeWithPage,
  slug: string | undefined,
): Promise<{ redirectTo: string | null } | undefined> {
  if (!slug) return undefined;
  const version = await getContentVersion(env);
  let cached = goneByType.get(type);
  if (cached?.version !== version) {
    const rows = await getDb(env)
      .select({ slug: contentGone.slug, redirectTo: contentGone.redirectTo })
      .from(contentGone)
      .where(eq(contentGone.type, type));
    cached = { version, rows: new Map(rows.map((row) => [row.slug, row.redirectTo])) };
    goneByType.set(type, cached);
  }
  return cached.rows.has(slug) ? { redirectTo: cached.rows.get(slug) ?? null } : undefined;
}

/**
 * Where staff may send visitors of a taken-down page: an address on this site ("/blog",
 * "/blog/another-post"), never another host ("//…", "/\…"), at most 200 characters. Empty is
 * "no redirect" (the 410 page); anything else is refused with `invalid`.
 */
export function parseRedirect(value: FormDataEntryValue | null): string | null | "invalid" {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return null;
  return text.length <= 200 && /^\/(?![/\\])\S*$/.test(text) ? text : "invalid";
}

/** The gone record of an entry's address, for its editor. */
export async function readGone(env: Pick<Env, "DB">, type: ContentType, slug: string) {
  const [row] = await getDb(env)
    .select({ redirectTo: contentGone.redirectTo })
    .from(contentGone)
    .where(and(eq(contentGone.type, type), eq(contentGone.slug, slug)))
    .limit(1);
  return row ?? null;
}

/**
 * Changes where a taken-down address sends visitors (null: the 410 page), audited; the content
 * version moves so every isolate's gone list lets go (decision 053).
 */
export async function setGoneRedirect(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  type: ContentType,
  entryId: string,
  slug: string,
  redirectTo: string | null,
) {
  const db = getDb(env);
  const [updated] = await db.batch([
    db
      .update(contentGone)
      .set({ redirectTo })
      .where(and(eq(contentGone.type, type), eq(contentGone.slug, slug)))
      .returning({ slug: contentGone.slug }),
    auditEntry(db, admin, {
      action: "content.redirect",
      targetType: type,
      targetId: entryId,
      detail: { slug, redirectTo },
    }),
  ]);
  await publishChange(env);
  return updated.length > 0;
}
