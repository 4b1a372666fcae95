import type { RouterContextProvider } from "react-router";
import { accentForPath, findSitePage } from "~/content/site-pages";
import { LOCALE_QUERY_PARAM, LOCALE_TAGS, SUPPORTED_LOCALES, type Locale } from "~/lib/i18n";
import type { Seo } from "~/lib/seo";
import { getInstance, requestLocale } from "./kernel/i18n.server";
import { pagePathname } from "./kernel/page-path.server";
import { env } from "./kernel/env.server";

type SeoArgs = { request: Request; context: Readonly<RouterContextProvider> };

function localizedUrl(siteUrl: string, pathname: string, locale: Locale): string {
  const url = new URL(pathname, siteUrl);
  if (locale !== "en") url.searchParams.set(LOCALE_QUERY_PARAM, locale);
  return url.toString();
}

/**
 * A page's own Seo, kept per i18next instance (one per language and version of the copy, so a copy
 * edit starts afresh) for the pages that pass nothing of their own (decision 036). Bounded: any
 * unknown address renders the home page's, and each would otherwise be kept.
 */
const keptSeo = new WeakMap<object, Map<string, Seo>>();
const KEPT_SEO_PER_INSTANCE = 256;

/**
 * Title, description, canonical URL, hreflang alternates and Open Graph for a page. The
 * text comes from the `meta` namespace (`pages.<key>`) unless the caller passes its own.
 */
export function pageSeo(
  { request, context }: SeoArgs,
  key: string,
  own: { title?: string; description?: string; jsonLd?: Record<string, unknown>[] } = {},
): Seo {
  const locale = requestLocale(context);
  const instance = getInstance(context);
  const pathname = pagePathname(request);
  const siteUrl = env.SITE_URL;
  const plain = own.title === undefined && own.description === undefined && own.jsonLd === undefined;
  const keptKey = `${siteUrl}|${locale}|${key}|${pathname}`;
  let kept = plain ? keptSeo.get(instance) : undefined;
  const known = kept?.get(keptKey);
  if (known) return known;
  const t = instance.getFixedT(locale, "meta");
  const title = own.title ?? t(`pages.${key}.title`);
  const seo: Seo = {
    title: pathname === "/" && !own.title ? `${t("siteName")} | ${title}` : t("titleTemplate", { title }),
    heading: title,
    description: own.description ?? t(`pages.${key}.description`),
    canonical: localizedUrl(siteUrl, pathname, locale),
    alternates: [
      ...SUPPORTED_LOCALES.map((code) => ({ hrefLang: code, href: localizedUrl(siteUrl, pathname, code) })),
      { hrefLang: "x-default", href: localizedUrl(siteUrl, pathname, "en") },
    ],
    ogLocale: LOCALE_TAGS[locale].replace("-", "_"),
    image: new URL("/images/og-default.png", siteUrl).toString(),
    siteName: t("siteName"),
    jsonLd: own.jsonLd,
    accent: accentForPath(pathname),
  };
  if (plain) {
    if (!kept) keptSeo.set(instance, (kept = new Map()));
    if (kept.size >= KEPT_SEO_PER_INSTANCE) kept.clear();
    kept.set(keptKey, seo);
  }
  return seo;
}

/** For the page modules of SITE_PAGES: the key comes from the path. */
export function sitePageSeo(args: SeoArgs): Seo {
  const page = findSitePage(pagePathname(args.request));
  return pageSeo(args, page?.key ?? "home");
}
