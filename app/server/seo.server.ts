import type { RouterContextProvider } from "react-router";
import { accentForPath, findSitePage } from "~/content/site-pages";
import { LOCALE_QUERY_PARAM, LOCALE_TAGS, SUPPORTED_LOCALES, type Locale } from "~/lib/i18n";
import type { Seo } from "~/lib/seo";
import { getInstance, requestLocale } from "./kernel/i18n.server";
import { pagePathname } from "./kernel/page-path.server";
import { env } from "./kernel/env.server";

export type SeoArgs = { request: Request; context: Readonly<RouterContextProvider> };

function localizedUrl(siteUrl: string, pathname: string, locale: Locale): string {
  const url = new URL(pathname, siteUrl);
  if (locale !== "en") url.searchParams.set(LOCALE_QUERY_PARAM, locale);
  return url.toString();
}

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
  const pathname = pagePathname(request);
  const siteUrl = env.SITE_URL;
  const t = getInstance(context).getFixedT(locale, "meta");
  const title = own.title ?? t(`pages.${key}.title`);
  return {
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
}

/** For the page modules of SITE_PAGES: the key comes from the path. */
export function sitePageSeo(args: SeoArgs): Seo {
  const page = findSitePage(pagePathname(args.request));
  return pageSeo(args, page?.key ?? "home");
}
