import { NotFound } from "~/components/not-found";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { searchSitePages } from "~/server/site-search.server";
import type { Route } from "./+types/search";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

/** The not-found page's search: page titles and descriptions in the visitor's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const t = getInstance(context).getFixedT(getLocale(context), "common");
  return {
    title: t("meta:titleTemplate", { title: t("common:notFound.searchLabel") }),
    query,
    results: searchSitePages(query, t),
  };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return <NotFound search={{ query: loaderData.query, results: loaderData.results }} />;
}
