import { and, eq, like, ne, or } from "drizzle-orm";
import {
  ENTRY_TYPES,
  entryTitle,
  slugFromTitle,
  type ContentType,
  type EntryFormOutput,
} from "~/lib/content/entry-types";
import { getDb } from "../db/client.server";
import { contentEntries } from "../db/schema";
import type { EntryInput } from "./editor.server";
import { getOrganization } from "./organization.server";

/** Another entry of the type, as the editor names and links it. */
export type OtherEntry = { id: string; title: string };

/**
 * What the editor checks before it saves (decision 049): an empty address is made from the title
 * (the first free one: "winter-open-house", then "winter-open-house-2" …), and another entry of
 * the type with the same title on the same date is named back, unless the staff member has
 * already seen that and saves anyway.
 */
export async function prepareEntry(
  env: Pick<Env, "DB">,
  type: ContentType,
  id: string | null,
  posted: EntryFormOutput,
): Promise<{ kind: "ready"; input: EntryInput } | { kind: "sameTitle"; other: OtherEntry }> {
  const other = posted.sameTitleConfirmed ? null : await sameTitleOnDate(env, type, id, posted.fields);
  if (other) return { kind: "sameTitle", other };
  const slug =
    posted.slug || (await freeSlug(env, type, id, slugFromTitle(entryTitle(posted.fields)) || type));
  return {
    kind: "ready",
    input: { slug, status: posted.status, fields: posted.fields, publishAt: posted.publishAt },
  };
}

/** The first of `base`, `base-2`, `base-3` … that no other entry of the type uses. */
async function freeSlug(env: Pick<Env, "DB">, type: ContentType, id: string | null, base: string) {
  // Room for the suffix within the 80 characters an address may have.
  const stem = base.slice(0, 76).replace(/-+$/, "");
  const rows = await getDb(env)
    .select({ slug: contentEntries.slug })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.type, type),
        or(eq(contentEntries.slug, stem), like(contentEntries.slug, `${stem}-%`)),
        id ? ne(contentEntries.id, id) : undefined,
      ),
    );
  const taken = new Set(rows.map((row) => row.slug.toLowerCase()));
  for (let n = 1; ; n++) {
    const slug = n === 1 ? stem : `${stem}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/**
 * Another entry (not archived) of a dated type with the same title, letter case aside, on the
 * same date: most likely the same event or post entered twice.
 */
async function sameTitleOnDate(
  env: Pick<Env, "DB">,
  type: ContentType,
  id: string | null,
  fields: Record<string, unknown>,
): Promise<OtherEntry | null> {
  const sortField = (ENTRY_TYPES[type] as { sortField?: string }).sortField;
  const date = sortField ? String(fields[sortField] ?? "") : "";
  const title = entryTitle(fields).trim().toLowerCase();
  if (!date || !title) return null;
  const rows = await getDb(env)
    .select({ id: contentEntries.id, fields: contentEntries.fields })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.type, type),
        eq(contentEntries.sortDate, date),
        ne(contentEntries.status, "archived"),
        id ? ne(contentEntries.id, id) : undefined,
      ),
    );
  const same = rows.find((row) => entryTitle(row.fields).trim().toLowerCase() === title);
  return same ? { id: same.id, title: entryTitle(same.fields) } : null;
}

/** The entry of the type that uses an address, if another one does. */
export async function slugOwner(
  env: Pick<Env, "DB">,
  type: ContentType,
  slug: string,
  id: string | null,
): Promise<OtherEntry | null> {
  const [row] = await getDb(env)
    .select({ id: contentEntries.id, slug: contentEntries.slug, fields: contentEntries.fields })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.type, type),
        eq(contentEntries.slug, slug),
        id ? ne(contentEntries.id, id) : undefined,
      ),
    )
    .limit(1);
  return row ? { id: row.id, title: entryTitle(row.fields) || row.slug } : null;
}

/**
 * What a new entry starts from: an event's venue is the organisation's own address (its facts,
 * decision 028) until staff type another; other types start empty.
 */
export async function newEntryFields(
  env: Pick<Env, "DB" | "CACHE">,
  type: ContentType,
): Promise<Record<string, unknown>> {
  const facts = type === "event" ? await getOrganization(env) : null;
  if (!facts) return {};
  const { street, city, region, postalCode } = facts;
  return { street, city, region, postalCode };
}
