import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList } from "~/lib/format";
import { CheckList } from "~/components/pages/check-list";
import { Card, CardGrid, Facts, FormSlot, Section, Steps } from "~/components/pages/ui";
import { VOLUNTEER_ROLES, VOLUNTEER_STEPS } from "~/content/involve";
import { MENTORING_AGE_WORDS } from "~/content/figures";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/volunteer";
import { VolunteerForm } from "~/components/forms/volunteer-form";

export const handle = { i18n: ["involve", "meta", "forms"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function VolunteerPage() {
  const { t } = useTranslation("involve");
  return (
    <>
      <PageHeader title={t("meta:pages.volunteer.title")} lead={t("volunteer.lead")} />
      <Section id="roles" title={t("volunteer.rolesTitle")}>
        <CardGrid>
          {VOLUNTEER_ROLES.map((role) => {
            const key = `volunteer.roles.${role.id}`;
            return (
              <Card key={role.id} title={t(`${key}.title`)} badge={t("labels.spots", { count: role.spots })}>
                <p className="font-semibold text-accent-800 dark:text-accent-200">{t(`${key}.subtitle`)}</p>
                <p>{t(`${key}.description`)}</p>
                <Facts
                  items={(["commitment", "schedule", "skills", "requirements", "impact"] as const).map(
                    (field) => ({
                      term: t(`labels.${field}`),
                      value: t(`${key}.${field}`, MENTORING_AGE_WORDS),
                    }),
                  )}
                />
              </Card>
            );
          })}
        </CardGrid>
      </Section>
      <Section id="process" title={t("volunteer.processTitle")} tinted>
        <Steps
          steps={VOLUNTEER_STEPS.map((step) => ({
            title: t(`volunteer.process.${step}.title`),
            text: t(`volunteer.process.${step}.text`),
          }))}
        />
      </Section>
      <Section id="requirements" title={t("volunteer.requirementsTitle")}>
        <CheckList
          className="mt-6 text-lg"
          items={asList(t("volunteer.requirements", { returnObjects: true, ...MENTORING_AGE_WORDS }))}
        />
      </Section>
      <FormSlot id="volunteer-form" title={t("volunteer.formTitle")} intro={t("volunteer.formIntro")}>
        <VolunteerForm variant="page" headingLevel={3} />
      </FormSlot>
    </>
  );
}
