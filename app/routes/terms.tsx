import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/terms";

export const handle = { i18n: ["meta"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function TermsPage() {
  const { t } = useTranslation("meta");
  return (
    <PageHeader title={t("pages.terms.title")} lead={t("pages.terms.description")}>
      <p className="mt-6 text-gray-700 dark:text-gray-300">{t("common:page.comingSoon")}</p>
    </PageHeader>
  );
}
