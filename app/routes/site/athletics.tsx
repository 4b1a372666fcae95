import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList, useFormat } from "~/lib/format";
import { ProgramCard } from "~/components/pages/program-card";
import { CheckList } from "~/components/pages/check-list";
import { CardGrid, FormSlot, Section, StatList } from "~/components/pages/ui";
import { AGES, YEAR_ONE } from "~/content/figures";
import { PROGRAMS } from "~/content/programs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/athletics";
import { AthleticsForm } from "~/components/forms/athletics-form";
import { SessionList } from "~/components/families/session-list";
import { loadProgramPage } from "~/server/families/program-page.server";

export const handle = { i18n: ["programs", "forms", "families"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return loadProgramPage(args, "athletics");
}

export default function AthleticsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("programs");
  const format = useFormat();
  return (
    <>
      <PageHeader lead={t("athletics.lead")}>
        <StatList
          stats={[
            { value: `${format.number(YEAR_ONE.athletes)}+`, label: t("athletics.stats.athletes") },
            { value: "3", label: t("athletics.stats.season") },
            { value: `${AGES.min}–${AGES.max}`, label: t("athletics.stats.ages") },
            { value: t("athletics.costValue"), label: t("athletics.stats.cost") },
          ]}
        />
      </PageHeader>
      <Section id="sports" title={t("athletics.sportsTitle")}>
        <CardGrid columns={2}>
          {PROGRAMS.filter((program) => program.area === "athletics").map((program) => (
            <ProgramCard key={program.id} program={program} badges={loaderData.badges} />
          ))}
        </CardGrid>
      </Section>
      <Section id="values" title={t("athletics.valuesTitle")} tinted>
        <CheckList className="mt-6 text-lg" items={asList(t("athletics.values", { returnObjects: true }))} />
      </Section>
      <Section id="safety" title={t("athletics.safetyTitle")} lead={t("athletics.safety")} />
      <SessionList sessions={loaderData.sessions} locale={loaderData.locale} />
      <FormSlot id="athletics-form" title={t("athletics.formTitle")} intro={t("athletics.formIntro")}>
        <AthleticsForm headingLevel={3} />
      </FormSlot>
    </>
  );
}
