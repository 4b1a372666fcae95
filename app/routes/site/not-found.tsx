import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import type { Route } from "./+types/not-found";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(getLocale(context), "meta");
  return data({ title: t("titleTemplate", { title: t("notFound.title") }) }, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
