import type { TFunction } from "i18next";
import { PROGRAMS } from "~/content/programs";
import { LISTED_PAGES } from "~/content/site-pages";
import { localized, type Bilingual } from "~/lib/content/entry-types";
import { listPublished } from "./content/entries.server";

export type SearchResult = { path: string; title: string; description: string };

/** Lower case without accents, so "mentoria" finds "Mentoría". */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** Searches page titles and descriptions in the visitor's language; every word must match. */
export function searchSitePages(query: string, t: TFunction): SearchResult[] {
  const words = fold(query).split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return [];
  const results: SearchResult[] = [];
  for (const page of LISTED_PAGES) {
    const title = t(`pages.${page.key}.title`, { ns: "meta" });
    const description = t(`pages.${page.key}.description`, { ns: "meta" });
    const haystack = fold(`${title} ${description}`);
    if (words.every((word) => haystack.includes(word))) results.push({ path: page.path, title, description });
  }
  return results;
}

/** The six programs by their names, subtitles and descriptions in the visitor's language (locales' programs.json). */
function searchPrograms(words: string[], t: TFunction): SearchResult[] {
  return PROGRAMS.flatMap((program) => {
    const text = (field: string) => t(`list.${program.id}.${field}`, { ns: "programs" });
    const haystack = fold(`${text("title")} ${text("subtitle")} ${text("description")}`);
    return words.every((word) => haystack.includes(word))
      ? [{ path: program.path, title: text("title"), description: text("description") }]
      : [];
  });
}

/**
 * Each published entry's searchable text, folded once: the entries' objects are the isolate's
 * cache of the published version (`listPublished`), so a search reads the folded texts of a
 * decade's 700 entries instead of folding every body again (decision 057). A new version brings
 * new objects, and the old ones' texts go with them.
 */
const foldedTexts = new WeakMap<object, string>();

/** Both languages of an entry's texts, so a search in either finds it. */
function bothLanguages(fields: object, texts: () => Bilingual[]): string {
  let folded = foldedTexts.get(fields);
  if (folded === undefined) {
    folded = fold(
      texts()
        .map((text) => `${text.en} ${text.es}`)
        .join(" "),
    );
    foldedTexts.set(fields, folded);
  }
  return folded;
}

/**
 * The site search (/search): page titles and descriptions and the programs in the visitor's
 * language, then the published events and blog posts, stories, open jobs and volunteer roles
 * (decisions 020, 029), matched in English and Spanish and shown in the visitor's language.
 */
export async function searchSite(
  env: Pick<Env, "DB" | "CACHE">,
  query: string,
  t: TFunction,
  locale: string,
): Promise<SearchResult[]> {
  const words = fold(query).split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return [];
  const matches = (haystack: string) => words.every((word) => haystack.includes(word));
  const [events, posts, jobs, stories, roles] = await Promise.all([
    listPublished(env, "event"),
    listPublished(env, "post"),
    listPublished(env, "job"),
    listPublished(env, "story"),
    listPublished(env, "role"),
  ]);
  return [
    ...searchSitePages(query, t),
    ...searchPrograms(words, t),
    ...[...posts]
      .reverse()
      .filter(({ fields }) =>
        matches(bothLanguages(fields, () => [fields.title, fields.excerpt, fields.body, fields.author])),
      )
      .map(({ slug, fields }) => ({
        path: `/blog/${slug}`,
        title: localized(fields.title, locale),
        description: localized(fields.excerpt, locale),
      })),
    ...events
      .filter(({ fields }) =>
        matches(
          bothLanguages(fields, () => [fields.title, fields.description, fields.highlights, fields.place]),
        ),
      )
      .map(({ slug, fields }) => ({
        path: `/events#${slug}`,
        title: localized(fields.title, locale),
        description: localized(fields.description, locale),
      })),
    ...stories
      .filter(({ fields }) =>
        matches(bothLanguages(fields, () => [fields.title, fields.person, fields.text])),
      )
      .map(({ fields }) => ({
        path: "/stories",
        title: localized(fields.title, locale),
        description: localized(fields.person, locale),
      })),
    ...jobs
      .filter(({ fields }) => matches(bothLanguages(fields, () => [fields.title, fields.description])))
      .map(({ fields }) => ({
        path: "/join-our-team",
        title: localized(fields.title, locale),
        description: localized(fields.description, locale),
      })),
    ...roles
      .filter(({ fields }) =>
        matches(bothLanguages(fields, () => [fields.title, fields.subtitle, fields.description])),
      )
      .map(({ fields }) => ({
        path: "/volunteer#roles",
        title: localized(fields.title, locale),
        description: localized(fields.description, locale),
      })),
  ];
}
