import { useMatches, type MetaDescriptor } from "react-router";

/** What a page tells search engines and link previews; built on the server (app/server/seo.server.ts). */
export type Seo = {
  title: string;
  /**
   * The page's own name, without the site's title template: its heading, which the browser then
   * needs no dictionary of page names for (decision 042).
   */
  heading: string;
  description: string;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
  ogLocale: string;
  image: string;
  siteName: string;
  jsonLd?: Record<string, unknown>[];
  /** The page's accent colour (docs/product.md §2), looked up on the server (decision 030). */
  accent: string;
};

export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate.hrefLang,
      href: alternate.href,
    })),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:locale", content: seo.ogLocale },
    { property: "og:image", content: seo.image },
    { name: "twitter:card", content: "summary_large_image" },
    ...(seo.jsonLd ?? []).map((item) => ({ "script:ld+json": item })),
  ];
}

/** The meta export of every page whose loader returns `{ seo }`. */
export function pageMeta({ loaderData }: { loaderData: unknown }): MetaDescriptor[] {
  return seoMeta((loaderData as { seo?: Seo } | undefined)?.seo);
}

/** The page's Seo, made by its loader: the innermost route that has one. */
export function usePageSeo(): Seo | undefined {
  return useMatches()
    .map((match) => (match.loaderData as { seo?: Seo } | undefined)?.seo)
    .findLast(Boolean);
}
