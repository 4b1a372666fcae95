import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/accessibility";

export const handle = { i18n: ["meta"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function AccessibilityPage() {
  const { t } = useTranslation("meta");
  return (
    <PageHeader title={t("pages.accessibility.title")} lead={t("pages.accessibility.description")}>
      <p className="mt-6 text-gray-700 dark:text-gray-300">{t("common:page.comingSoon")}</p>
    </PageHeader>
  );
}
