import type { RouterContextProvider } from "react-router";
import type { Seo } from "~/lib/seo";
import { getInstance, getLocale } from "../kernel/i18n.server";
import { pageSeo } from "../seo.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** SEO for the pages outside SITE_PAGES (account and admin), with text from their own namespace. */
export function ownPageSeo(
  args: Args,
  key: string,
  namespace: string,
  titleKey: string,
  leadKey?: string,
): Seo {
  const t = getInstance(args.context).getFixedT(getLocale(args.context), namespace);
  const title = t(titleKey);
  return pageSeo(args, key, { title, description: leadKey ? t(leadKey) : title });
}

/** The <title> of an admin page ("Submissions | Admin | product"); admin pages are never indexed. */
export function adminTitle(args: Args, titleKey: string, params: Record<string, string> = {}): string {
  const locale = getLocale(args.context);
  const t = getInstance(args.context).getFixedT(locale, "admin");
  const siteName = getInstance(args.context).getFixedT(locale, "meta")("siteName");
  return `${t(titleKey, params)} | ${t("title")} | ${siteName}`;
}
