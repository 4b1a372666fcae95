import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { type ContentStatus, type ContentType, type FieldsOf, toFormValues } from "~/lib/content/entry-types";
import { getDb } from "~/server/db/client.server";
import { contentEntries } from "~/server/db/schema";
import { bumpContentVersion } from "~/server/kernel/content-version.server";
import { fetchPage } from "./fetch";

/** The event editor's form as the browser posts it (conform's dotted names). */
export function eventFields(overrides: Record<string, string> = {}) {
  return {
    slug: "spring-open-house",
    status: "draft",
    title_en: "Spring Open House",
    title_es: "Puertas abiertas de primavera",
    description_en: "Tour the center & meet the tutors.",
    description_es: "Recorra el centro y conozca a los tutores.",
    highlights_en: "Tours\nEnrollment help",
    highlights_es: "Recorridos\nAyuda con la inscripción",
    date: "2027-03-20",
    start: "10:00",
    end: "12:30",
    place_en: "Learning Center, Harlem",
    place_es: "Centro de aprendizaje, Harlem",
    street: "125 West 125th Street",
    city: "New York",
    region: "NY",
    postalCode: "10027",
    priceCents: "12.50",
    capacity: "80",
    category: "community",
    ...overrides,
  };
}

/** A post's editor form as the browser posts it; each slug its own title, so no two look like twins (decision 049). */
export function postFields(slug: string, overrides: Record<string, string> = {}) {
  return {
    slug,
    status: "published",
    title_en: `Winter reading list (${slug})`,
    title_es: "Lecturas de invierno",
    excerpt_en: "Ten books for the break.",
    body_en: "Our tutors chose ten books.",
    date: "2026-11-20",
    author_en: "Dana Staff",
    category: "news",
    ...overrides,
  };
}

/**
 * A new entry's editor form as the browser posts it, written as the entry is stored and checked
 * against its type's specs (`FieldsOf`): a field in both languages is posted as `name_en` and
 * `name_es`, as the editor shows a saved entry (`toFormValues`); a field left out is posted empty.
 */
export function entryForm<T extends ContentType>(
  type: T,
  { slug, status, ...fields }: { slug: string; status: ContentStatus } & Partial<FieldsOf[T]>,
): { slug: string; status: ContentStatus } & Record<string, string> {
  const posted = Object.entries(toFormValues(type, fields)).map(([name, value]) => [name, String(value)]);
  return { slug, status, ...Object.fromEntries(posted) };
}

/** The stored entry of a type at an address, as the editor saved it; undefined when there is none. */
export async function entryRow(type: string, slug: string) {
  const [row] = await getDb(env)
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.type, type), eq(contentEntries.slug, slug)));
  return row;
}

/**
 * `count` published copies of the sample entry `type`/`slug`, dated the first days of January 2020
 * and named `prefix-1`…, as ten years of posts or events would stand behind the newest; the content
 * version is bumped so the isolate's cache reads them, and `path` is fetched once: the first request
 * compiles the server build, which on a busy machine outlasts a test's time.
 */
export async function publishOldCopies(
  { type, slug, prefix, count }: { type: string; slug: string; prefix: string; count: number },
  path: string,
) {
  await env.DB.prepare(
    `insert into content_entries (id, type, slug, status, sort_date, fields, created_at, updated_at)
     select ?1 || '-' || value, ?2, ?1 || '-' || value, 'published', '2020-01-' || printf('%02d', value),
       json_set(entry.fields, '$.date', '2020-01-' || printf('%02d', value)), entry.created_at, entry.updated_at
     from content_entries entry, json_each(?4) where entry.type = ?2 and entry.slug = ?3`,
  )
    .bind(prefix, type, slug, JSON.stringify(Array.from({ length: count }, (_, i) => i + 1)))
    .run();
  await bumpContentVersion(env);
  await fetchPage(path);
}

/** The address of the link named `name` in `html` (entities undone), if there is one. */
export const linkNamed = (html: string, name: string) =>
  new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${name}</a>`).exec(html)?.[1]?.replaceAll("&amp;", "&");
