import { NotFound } from "~/components/not-found";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { searchSite } from "~/server/site-search.server";
import type { Route } from "./+types/search";
import { env } from "~/server/kernel/env.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

/** The not-found page's search: pages, events and blog posts, in the visitor's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const locale = getLocale(context);
  const t = getInstance(context).getFixedT(locale, "common");
  return {
    title: t("meta:titleTemplate", { title: t("common:notFound.searchLabel") }),
    query,
    results: await searchSite(env, query, t, locale),
  };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return <NotFound search={{ query: loaderData.query, results: loaderData.results }} />;
}
