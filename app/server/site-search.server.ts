import type { TFunction } from "i18next";
import { SITE_PAGES } from "~/content/site-pages";

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
  for (const page of SITE_PAGES) {
    if (page.path === "/login" || page.path === "/signup") continue;
    const title = t(`pages.${page.key}.title`, { ns: "meta" });
    const description = t(`pages.${page.key}.description`, { ns: "meta" });
    const haystack = fold(`${title} ${description}`);
    if (words.every((word) => haystack.includes(word))) results.push({ path: page.path, title, description });
  }
  return results;
}
