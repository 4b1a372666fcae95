import { LISTED_PAGES } from "~/content/site-pages";
import { LOCALE_QUERY_PARAM, SUPPORTED_LOCALES } from "~/lib/i18n";
import { listPublished } from "~/server/content/entries.server";
import { env } from "~/server/kernel/env.server";

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** GET /sitemap.xml: every public page, with its English and Spanish addresses as alternates. */
export async function loader() {
  const paths = [
    ...LISTED_PAGES.map((page) => page.path),
    ...(await listPublished(env, "post")).map((post) => `/blog/${post.slug}`),
    ...(await listPublished(env, "event")).map((event) => `/events/${event.slug}/calendar.ics`),
  ];
  const href = (path: string, locale: string) => {
    const url = new URL(path, env.SITE_URL);
    if (locale !== "en") url.searchParams.set(LOCALE_QUERY_PARAM, locale);
    return escapeXml(url.toString());
  };
  const entries = paths.flatMap((path) =>
    SUPPORTED_LOCALES.map((locale) => {
      const alternates = [
        ...SUPPORTED_LOCALES.map(
          (alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${href(path, alt)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${href(path, "en")}"/>`,
      ].join("");
      return `<url><loc>${href(path, locale)}</loc>${alternates}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
