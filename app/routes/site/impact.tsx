import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList, useFormat } from "~/lib/format";
import { FundsChart } from "~/components/pages/funds-chart";
import { CheckList } from "~/components/pages/check-list";
import { LinkButtons, Section, StatList } from "~/components/pages/ui";
import { YEAR_ONE } from "~/content/figures";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/impact";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["impact", "give"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function ImpactPage() {
  const { t } = useTranslation("impact");
  const format = useFormat();
  return (
    <>
      <PageHeader lead={t("impact.lead")} />
      <Section id="targets" title={t("impact.targetsTitle")}>
        <StatList
          stats={[
            { value: format.number(YEAR_ONE.youth), label: t("impact.targets.youth") },
            { value: `${format.number(YEAR_ONE.students)}+`, label: t("impact.targets.students") },
            { value: `${format.number(YEAR_ONE.athletes)}+`, label: t("impact.targets.athletes") },
            { value: `${YEAR_ONE.mentorPairs}+`, label: t("impact.targets.pairs") },
            { value: `${YEAR_ONE.matchSuccess}%`, label: t("impact.targets.match") },
            { value: `${YEAR_ONE.academicImprovement}%`, label: t("impact.targets.improvement") },
            { value: `${YEAR_ONE.graduation}%`, label: t("impact.targets.graduation") },
            { value: format.money(YEAR_ONE.budgetCents), label: t("impact.targets.budget") },
          ]}
        />
      </Section>
      <Section id="how" title={t("impact.howTitle")} tinted>
        <CheckList className="mt-6 text-lg" items={asList(t("impact.how", { returnObjects: true }))} />
      </Section>
      <Section id="funds" title={t("impact.fundsTitle")} lead={t("impact.funds")}>
        <FundsChart />
      </Section>
      <Section id="more" title={t("impact.moreTitle")} tinted>
        <LinkButtons
          links={[
            { to: "/stories", label: t("impact.more.stories") },
            { to: "/reports", label: t("impact.more.reports") },
            { to: "/calculator", label: t("impact.more.calculator") },
          ]}
        />
      </Section>
    </>
  );
}
