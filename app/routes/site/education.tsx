import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList, useFormat } from "~/lib/format";
import { Card, CardGrid, Facts, FormSlot, Section, StatList, Steps } from "~/components/pages/ui";
import { YEAR_ONE } from "~/content/figures";
import { PROGRAMS } from "~/content/programs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/education";
import { EducationForm } from "~/components/forms/education-form";
import { useProgramBadge } from "~/components/pages/program-card";
import { SessionList } from "~/components/families/session-list";
import { loadProgramPage } from "~/server/families/program-page.server";

export const handle = { i18n: ["programs", "forms", "families"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return loadProgramPage(args, "education");
}

export default function EducationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("programs");
  const badge = useProgramBadge(loaderData.badges);
  const format = useFormat();
  return (
    <>
      <PageHeader lead={t("education.lead")}>
        <StatList
          stats={[
            { value: `${format.number(YEAR_ONE.students)}+`, label: t("education.stats.students") },
            { value: `${YEAR_ONE.academicImprovement}%`, label: t("education.stats.improvement") },
            { value: "1–12", label: t("education.stats.grades") },
            { value: "4", label: t("education.stats.groupSize") },
          ]}
        />
      </PageHeader>
      <Section id="offer" title={t("education.offerTitle")}>
        <CardGrid columns={4}>
          {asList<{ title: string; text: string }>(t("education.offers", { returnObjects: true })).map(
            (offer) => (
              <Card key={offer.title} title={offer.title}>
                <p>{offer.text}</p>
              </Card>
            ),
          )}
        </CardGrid>
        <CardGrid columns={2}>
          {PROGRAMS.filter((program) => program.area === "education").map((program) => (
            <Card key={program.id} title={t(`list.${program.id}.title`)} badge={badge(program)}>
              <p>{t(`list.${program.id}.description`)}</p>
              <Facts
                items={[
                  { term: t("labels.ages"), value: t("labels.agesValue", program.ages) },
                  { term: t("labels.schedule"), value: t(`list.${program.id}.schedule`) },
                ]}
              />
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section id="how" title={t("education.howTitle")} tinted>
        <Steps steps={asList(t("education.how", { returnObjects: true }))} />
      </Section>
      <SessionList sessions={loaderData.sessions} locale={loaderData.locale} />
      <FormSlot id="education-form" title={t("education.formTitle")} intro={t("education.formIntro")}>
        <EducationForm headingLevel={3} />
      </FormSlot>
    </>
  );
}
