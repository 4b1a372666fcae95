import { and, eq, inArray } from "drizzle-orm";
import * as v from "valibot";
import { ALL_NAMESPACES, copyPlace } from "~/lib/copy-places";
import { isLocale, SUPPORTED_LOCALES, type Locale } from "~/lib/i18n";
import type { SessionUser } from "~/lib/session-user";
import { getOrganization } from "../content/organization.server";
import { statesEin, statesLegalName } from "../kernel/stated-facts.server";
import { getDb, type Db } from "../db/client.server";
import { copyReviews, translationOverrides, users } from "../db/schema";
import { BUNDLED, bumpTranslationVersion, NAMESPACES } from "../kernel/translations.server";
import { fieldChanges, auditEntry } from "../records/audit.server";
import { listQuery, pageOf, searchFilter } from "../records/list.server";
import { ContentEditSchema } from "./schemas.server";

const CONTENT_PAGE_SIZE = 40;
export const TRANSLATION_MAX_LENGTH = 5000;

/** "a.b.c" → string, for every string leaf of a namespace. */
function flatten(value: unknown, prefix = "", into: Record<string, string> = {}) {
  if (typeof value === "string") into[prefix] = value;
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

function bundledStrings(locale: string, namespace: string): Record<string, string> {
  return flatten(BUNDLED[locale]?.[namespace]);
}

export function isNamespace(value: unknown): value is string {
  return typeof value === "string" && NAMESPACES.includes(value);
}

/**
 * The editor opens on the language the reader uses the back office in, on every section
 * (decision 052); `review` lists only texts whose other language changed since.
 */
const contentFilters = (readerLocale: Locale) =>
  v.object({
    locale: v.fallback(v.picklist(SUPPORTED_LOCALES), readerLocale),
    namespace: v.fallback(v.picklist([...NAMESPACES, ALL_NAMESPACES]), ALL_NAMESPACES),
    review: v.fallback(v.optional(v.picklist(["1"])), undefined),
    q: searchFilter,
  });

/**
 * The keys of a namespace (or all) in one language: the shipped text, the override if any,
 * English for reference, and the page and section where the text appears. The search matches
 * the key and the text in both languages, shipped or changed.
 */
export async function listContent(env: Pick<Env, "DB">, url: URL, readerLocale: Locale) {
  const query = listQuery(contentFilters(readerLocale), url);
  const { filters } = query;
  const namespaces = filters.namespace === ALL_NAMESPACES ? NAMESPACES : [filters.namespace];
  const db = getDb(env);
  const [overrides, reviews] = await Promise.all([
    db
      .select({
        locale: translationOverrides.locale,
        namespace: translationOverrides.namespace,
        key: translationOverrides.key,
        value: translationOverrides.value,
        updatedAt: translationOverrides.updatedAt,
        updatedByName: users.name,
      })
      .from(translationOverrides)
      .leftJoin(users, eq(users.id, translationOverrides.updatedBy))
      .where(inArray(translationOverrides.namespace, namespaces)),
    db.select().from(copyReviews).where(eq(copyReviews.locale, filters.locale)),
  ]);
  const overrideOf = new Map(overrides.map((row) => [`${row.locale}/${row.namespace}:${row.key}`, row]));
  const reviewOf = new Map(reviews.map((row) => [`${row.namespace}:${row.key}`, row]));
  const needle = filters.q?.toLowerCase();
  const all = namespaces.flatMap((namespace) => {
    const texts = Object.fromEntries(
      SUPPORTED_LOCALES.map((locale) => [locale, bundledStrings(locale, namespace)]),
    ) as Record<Locale, Record<string, string>>;
    return Object.keys({ ...texts.en, ...texts[filters.locale] })
      .sort()
      .map((key) => {
        const override = overrideOf.get(`${filters.locale}/${namespace}:${key}`);
        const review = reviewOf.get(`${namespace}:${key}`);
        const searchable = [
          key,
          ...SUPPORTED_LOCALES.flatMap((locale) => [
            texts[locale]?.[key] ?? "",
            overrideOf.get(`${locale}/${namespace}:${key}`)?.value ?? "",
          ]),
        ];
        return {
          namespace,
          key,
          shipped: texts[filters.locale]?.[key] ?? "",
          english: texts.en?.[key] ?? "",
          override: override?.value ?? null,
          updatedAt: override?.updatedAt ?? null,
          updatedByName: override?.updatedByName ?? null,
          review: review ? { by: review.changedByName, at: review.createdAt } : null,
          ...copyPlace(namespace, key),
          matches:
            (!needle || searchable.some((text) => text.toLowerCase().includes(needle))) &&
            (!filters.review || review !== undefined),
        };
      })
      .filter((row) => row.matches)
      .map(({ matches: _, ...row }) => row);
  });
  const start = (query.page - 1) * CONTENT_PAGE_SIZE;
  return pageOf(all.slice(start, start + CONTENT_PAGE_SIZE), all.length, query, CONTENT_PAGE_SIZE);
}

/** Only strings the build ships can be overridden: an admin edits copy, not the shape of it. */
export function isKnownKey(locale: string, namespace: string, key: string) {
  return key in bundledStrings("en", namespace) || key in bundledStrings(locale, namespace);
}

/** The text a key shows now: the admin's override, else the shipped string. */
async function currentText(db: Db, input: { locale: Locale; namespace: string; key: string }) {
  const [override] = await db
    .select({ value: translationOverrides.value })
    .from(translationOverrides)
    .where(
      and(
        eq(translationOverrides.locale, input.locale),
        eq(translationOverrides.namespace, input.namespace),
        eq(translationOverrides.key, input.key),
      ),
    );
  return override?.value ?? bundledStrings(input.locale, input.namespace)[input.key] ?? null;
}

/**
 * Why a new text may not be saved although it is well formed: it writes out an EIN or the
 * organisation's legal name, which only the organisation's facts state (decision 047). Then
 * the placeholder to write instead: `{{ein}}` and `{{name}}` are what the texts that show them
 * are given.
 */
export async function statedFact(
  env: Pick<Env, "DB" | "CACHE">,
  input: { locale: Locale; namespace: string; key: string; value: string },
): Promise<{ message: "einStated" | "legalNameStated"; placeholder: string } | null> {
  const shipped = SUPPORTED_LOCALES.map(
    (locale) => bundledStrings(locale, input.namespace)[input.key] ?? "",
  ).join("\n");
  if (statesEin(input.value, shipped)) return { message: "einStated", placeholder: "{{ein}}" };
  const facts = await getOrganization(env);
  if (facts && statesLegalName(input.value, facts.legalName) && !statesLegalName(shipped, facts.legalName)) {
    return { message: "legalNameStated", placeholder: "{{name}}" };
  }
  return null;
}

function clearReview(db: Db, input: { locale: Locale; namespace: string; key: string }) {
  return db
    .delete(copyReviews)
    .where(
      and(
        eq(copyReviews.locale, input.locale),
        eq(copyReviews.namespace, input.namespace),
        eq(copyReviews.key, input.key),
      ),
    );
}

/** "Needs review" answered without a change: the text in this language still says the right thing. */
export async function markReviewed(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  input: { locale: Locale; namespace: string; key: string },
) {
  const db = getDb(env);
  await db.batch([
    clearReview(db, input),
    auditEntry(db, admin, {
      action: "content.reviewed",
      targetType: "translation",
      targetId: `${input.locale}/${input.namespace}:${input.key}`,
    }),
  ]);
}

export async function saveOverride(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  input: { locale: Locale; namespace: string; key: string; value: string },
) {
  const db = getDb(env);
  const now = new Date().toISOString();
  const before = await currentText(db, input);
  await db.batch([
    db
      .insert(translationOverrides)
      .values({ ...input, updatedBy: admin.id, updatedAt: now })
      .onConflictDoUpdate({
        target: [translationOverrides.locale, translationOverrides.namespace, translationOverrides.key],
        set: { value: input.value, updatedBy: admin.id, updatedAt: now },
      }),
    // This language is touched; the others now need a look (decision 052).
    clearReview(db, input),
    ...SUPPORTED_LOCALES.filter((locale) => locale !== input.locale).map((locale) =>
      db
        .insert(copyReviews)
        .values({
          locale,
          namespace: input.namespace,
          key: input.key,
          changedByName: admin.name || admin.email,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [copyReviews.locale, copyReviews.namespace, copyReviews.key],
          set: { changedByName: admin.name || admin.email, createdAt: now },
        }),
    ),
    auditEntry(db, admin, {
      action: "content.save",
      targetType: "translation",
      targetId: `${input.locale}/${input.namespace}:${input.key}`,
      detail: { changes: fieldChanges({ value: before }, { value: input.value }) },
    }),
  ]);
  await bumpTranslationVersion(env);
}

export async function resetOverride(
  env: Pick<Env, "DB" | "CACHE">,
  admin: SessionUser,
  input: { locale: Locale; namespace: string; key: string },
) {
  const db = getDb(env);
  const before = await currentText(db, input);
  const shipped = bundledStrings(input.locale, input.namespace)[input.key] ?? null;
  await db.batch([
    db
      .delete(translationOverrides)
      .where(
        and(
          eq(translationOverrides.locale, input.locale),
          eq(translationOverrides.namespace, input.namespace),
          eq(translationOverrides.key, input.key),
        ),
      ),
    clearReview(db, input),
    auditEntry(db, admin, {
      action: "content.reset",
      targetType: "translation",
      targetId: `${input.locale}/${input.namespace}:${input.key}`,
      detail: { changes: fieldChanges({ value: before }, { value: shipped }) },
    }),
  ]);
  await bumpTranslationVersion(env);
}

/** What the copy editor answers a post: done, or why not, with what was typed kept. */
export type CopyEditAnswer = {
  ok: boolean;
  message:
    | "saved"
    | "restored"
    | "reviewedDone"
    | "tooLong"
    | "unknownKey"
    | "invalid"
    | "einStated"
    | "legalNameStated";
  key: string;
  namespace?: string;
  /** A refused text, kept so the field shows what was typed. */
  value?: string;
  placeholder?: string;
};

/** A post of the copy editor: a text saved, restored to the shipped one, or marked reviewed. */
export async function editCopy(
  env: Pick<Env, "DB" | "CACHE">,
  staff: SessionUser,
  fields: Record<string, string>,
): Promise<CopyEditAnswer> {
  const { locale, namespace } = fields;
  const parsed = v.safeParse(ContentEditSchema, fields);
  const key = fields.key ?? "";
  if (
    !isLocale(locale) ||
    !isNamespace(namespace) ||
    !parsed.success ||
    !isKnownKey(locale, namespace, key)
  ) {
    const message =
      (fields.value?.length ?? 0) > TRANSLATION_MAX_LENGTH
        ? "tooLong"
        : isLocale(locale) && isNamespace(namespace) && isKnownKey(locale, namespace, key)
          ? "invalid"
          : "unknownKey";
    return { ok: false, message, key };
  }
  if (parsed.output.intent === "save") {
    const input = { locale, namespace, key, value: parsed.output.value };
    const stated = await statedFact(env, input);
    if (stated) return { ok: false, ...stated, key, namespace, value: input.value };
    await saveOverride(env, staff, input);
    return { ok: true, message: "saved", key };
  }
  if (parsed.output.intent === "reviewed") {
    await markReviewed(env, staff, { locale, namespace, key });
    return { ok: true, message: "reviewedDone", key };
  }
  await resetOverride(env, staff, { locale, namespace, key });
  return { ok: true, message: "restored", key };
}
