import { and, desc, eq } from "drizzle-orm";
import * as v from "valibot";
import {
  ENTRY_TYPES,
  isBilingual,
  isScheduled,
  isSingleton,
  type ContentStatus,
  type ContentType,
  type FieldSpec,
} from "~/lib/content/entry-types";
import type { SessionUser } from "~/lib/session-user";
import { CONTENT_STATUSES } from "~/lib/vocabulary";
import { fieldChanges, auditEntry } from "../records/audit.server";
import { choiceFilter, listPage, listQuery, searchFilter, contains } from "../records/list.server";
import { getDb } from "../db/client.server";
import { contentEntries, contentVersions } from "../db/schema";
import { parseFields } from "./entries.server";
import { getOrganization } from "./organization.server";
import { statesEin, statesLegalName } from "../kernel/stated-facts.server";
import { slugOwner, type OtherEntry } from "./entry-checks.server";
import { publishChange } from "./versions.server";
import { getVersion, goneStatements, hasVersions, versionStatements } from "./versions.server";

/** The back office's side of site content (decision 020): lists, one entry, and the audited save. */
const FiltersSchema = v.object({ status: choiceFilter(CONTENT_STATUSES), q: searchFilter });

export async function listEntries(env: Pick<Env, "DB">, type: ContentType, url: URL) {
  const db = getDb(env);
  const query = listQuery(FiltersSchema, url);
  const where = and(
    eq(contentEntries.type, type),
    query.filters.status ? eq(contentEntries.status, query.filters.status) : undefined,
    query.filters.q ? contains(contentEntries.fields, query.filters.q) : undefined,
  );
  return listPage(
    query,
    db
      .select()
      .from(contentEntries)
      .where(where)
      .orderBy(desc(contentEntries.sortDate), desc(contentEntries.createdAt))
      .$dynamic(),
    db.$count(contentEntries, where),
  );
}

export async function getEntry(env: Pick<Env, "DB">, type: ContentType, id: string) {
  const [row] = await getDb(env)
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.id, id), eq(contentEntries.type, type)))
    .limit(1);
  return row ?? null;
}

/** A record's fields one level flat ("title.en"), so the audit shows each text before and after. */
function flat(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.entries(value).map(([lang, text]) => [`${key}.${lang}`, text])
        : [[key, value]],
    ),
  );
}

/** Every text in an entry's fields, however deep (a language's lines are a list). */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

/**
 * Which of the organisation's facts an entry's written texts (its bilingual prose) write out, if
 * any. Addresses, dates, amounts and file keys are not prose: a file key may hold nine digits in a row.
 */
async function statedFactIn(
  env: Pick<Env, "DB" | "CACHE">,
  type: ContentType,
  fields: Record<string, unknown>,
): Promise<"ein" | "legalName" | null> {
  const specs = ENTRY_TYPES[type].fields as Record<string, FieldSpec>;
  const texts = Object.entries(fields)
    .filter(([name]) => specs[name] && isBilingual(specs[name]))
    .flatMap(([, value]) => textsOf(value));
  if (texts.some((text) => statesEin(text))) return "ein";
  const facts = await getOrganization(env);
  if (facts && texts.some((text) => statesLegalName(text, facts.legalName))) return "legalName";
  return null;
}

/** What staff posted, with every admin-only field put back to its stored value unless an admin saves. */
function keepAdminOnly(
  type: ContentType,
  user: SessionUser,
  stored: Record<string, unknown>,
  posted: Record<string, unknown>,
): Record<string, unknown> {
  if (user.role === "ADMIN") return posted;
  const specs = Object.entries(ENTRY_TYPES[type].fields as Record<string, FieldSpec>);
  return {
    ...posted,
    ...Object.fromEntries(specs.filter(([, spec]) => spec.adminOnly).map(([name]) => [name, stored[name]])),
  };
}

export type EntryInput = {
  slug: string;
  status: ContentStatus;
  fields: Record<string, unknown>;
  /** When a published entry starts to show (UTC ISO), or null: at once (decision 053). */
  publishAt: string | null;
};

/** How a save came about: typed in the editor, or a version restored (decision 053). */
type SaveOptions = { restoredFrom?: number; redirectTo?: string | null };

/** A report published for the first time, which its subscribers are told of (decision 052). */
export type PublishedReport = {
  id: string;
  title: { en: string; es: string };
  summary: { en: string; es: string };
};

/**
 * Creates (id null) or updates an entry, with its audit row (every field before and after) in
 * the same batch. A change that touches the public site (published before or after) bumps the
 * content version, so every cache keyed on it lets go at once. A slug already used by another
 * entry of the type is refused as `slugTaken`, naming that entry (decision 049). A singleton (the organisation's facts) is never
 * created here and is always published; a field marked `adminOnly` keeps its stored value when
 * staff save (decision 028). Any other entry that writes out an EIN or the organisation's legal
 * name is refused as `factStated`: those come only from the organisation's facts (decision 047).
 * Each save is also the entry's next version, and a public address it takes down is recorded as
 * gone, answering 410 or redirecting to `redirectTo` (decision 053).
 */
export async function saveEntry(
  env: Env,
  admin: SessionUser,
  type: ContentType,
  id: string | null,
  input: EntryInput,
  options: SaveOptions = {},
): Promise<
  | { kind: "saved"; id: string; firstPublishedReport?: PublishedReport }
  | { kind: "slugTaken"; other: OtherEntry }
  | { kind: "missing" }
  | { kind: "factStated"; fact: "ein" | "legalName" }
> {
  if (!isSingleton(type)) {
    const fact = await statedFactIn(env, type, input.fields);
    if (fact) return { kind: "factStated", fact };
  }
  const db = getDb(env);
  const before = id ? await getEntry(env, type, id) : null;
  if ((id || isSingleton(type)) && !before) return { kind: "missing" };
  input = {
    ...input,
    status: isSingleton(type) ? "published" : input.status,
    fields: keepAdminOnly(type, admin, before?.fields ?? {}, input.fields),
  };
  const other = await slugOwner(env, type, input.slug, id);
  if (other) return { kind: "slugTaken", other };
  const sortField = (ENTRY_TYPES[type] as { sortField?: string }).sortField;
  const sortDate = sortField ? String(input.fields[sortField] ?? "") : "";
  const entryId = before?.id ?? crypto.randomUUID();
  const row = {
    slug: input.slug,
    status: input.status,
    sortDate,
    fields: input.fields,
    publishAt: isScheduled(type) ? input.publishAt : null,
  };
  const changes = fieldChanges(
    before
      ? { slug: before.slug, status: before.status, publishAt: before.publishAt, ...flat(before.fields) }
      : {},
    { slug: input.slug, status: input.status, publishAt: row.publishAt, ...flat(input.fields) },
  );
  // An entry imported or saved before versions were kept: its state before this save is version 1.
  const seedBefore = before && !(await hasVersions(env, entryId)) ? before : null;
  await db.batch([
    before
      ? db
          .update(contentEntries)
          .set({ ...row, updatedAt: new Date().toISOString() })
          .where(eq(contentEntries.id, entryId))
      : db.insert(contentEntries).values({ id: entryId, type, ...row }),
    auditEntry(db, admin, {
      action: options.restoredFrom ? "content.restore" : before ? "content.update" : "content.create",
      targetType: type,
      targetId: entryId,
      detail: {
        slug: input.slug,
        changes,
        ...(options.restoredFrom ? { version: options.restoredFrom } : {}),
      },
    }),
    ...versionStatements(db, entryId, admin, row, seedBefore),
    ...goneStatements(db, type, before, row, options.redirectTo ?? null),
  ]);
  if (before?.status === "published" || input.status === "published") {
    await publishChange(env);
  }
  // /reports promises subscribers each report when it is published (decision 052): the back
  // office's action announces it, since the newsletter belongs to the floor above content. A
  // report that waits for its "publish on" moment is announced by the Cron once it shows
  // (`announceDueReports`, decision 059), never while it is still hidden.
  if (type === "report" && isShown(row) && !(before && isShown(before))) {
    const fields = input.fields as { title: { en: string; es: string }; summary: { en: string; es: string } };
    return {
      kind: "saved",
      id: entryId,
      firstPublishedReport: { id: entryId, title: fields.title, summary: fields.summary },
    };
  }
  return { kind: "saved", id: entryId };
}

/** Whether an entry in this state is on the site now: published, and its moment (if any) has come. */
const isShown = (entry: { status: ContentStatus; publishAt: string | null }) =>
  entry.status === "published" && (!entry.publishAt || entry.publishAt <= new Date().toISOString());

/**
 * Saves a past version's fields as the entry's newest version (decision 053): the address and
 * status stay as they are now, so restoring never publishes or moves a page by itself.
 */
export async function restoreVersion(
  env: Env,
  admin: SessionUser,
  type: ContentType,
  id: string,
  number: number,
) {
  const [current, version] = await Promise.all([getEntry(env, type, id), getVersion(env, type, id, number)]);
  if (!current || !version) return { kind: "missing" as const };
  // A version saved under an older shape of the type is not put back into a page that would drop it.
  if (!parseFields(type, version.fields)) return { kind: "unfit" as const };
  return saveEntry(
    env,
    admin,
    type,
    id,
    { slug: current.slug, status: current.status, fields: version.fields, publishAt: current.publishAt },
    { restoredFrom: number },
  );
}

/**
 * Deletes an entry and its versions, audited with every field it held (decision 053). Its public
 * address, if it had one and was published, answers 410 Gone, or redirects to `redirectTo`.
 * The organisation's facts are never deleted.
 */
export async function deleteEntry(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  type: ContentType,
  id: string,
  redirectTo: string | null,
): Promise<{ kind: "deleted"; slug: string } | { kind: "missing" }> {
  if (isSingleton(type)) return { kind: "missing" };
  const before = await getEntry(env, type, id);
  if (!before) return { kind: "missing" };
  const db = getDb(env);
  await db.batch([
    db.delete(contentVersions).where(eq(contentVersions.entryId, id)),
    db.delete(contentEntries).where(eq(contentEntries.id, id)),
    auditEntry(db, admin, {
      action: "content.delete",
      targetType: type,
      targetId: id,
      detail: {
        slug: before.slug,
        status: before.status,
        fields: before.fields,
        ...(redirectTo ? { redirectTo } : {}),
      },
    }),
    ...goneStatements(db, type, before, null, redirectTo),
  ]);
  if (before.status === "published") await publishChange(env);
  return { kind: "deleted", slug: before.slug };
}
