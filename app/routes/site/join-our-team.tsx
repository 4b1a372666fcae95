import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { Card, CardGrid, Facts, Section } from "~/components/pages/ui";
import { JOBS } from "~/content/involve";
import { ORGANIZATION } from "~/content/organization";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/join-our-team";

export const handle = { i18n: ["involve", "meta"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function JobsPage() {
  const { t } = useTranslation("involve");
  return (
    <>
      <PageHeader title={t("meta:pages.jobs.title")} lead={t("jobs.lead")} />
      <Section id="open" title={t("jobs.openTitle")}>
        <CardGrid>
          {JOBS.map((job) => (
            <Card key={job.id} title={t(`jobs.items.${job.id}.title`)} badge={t(`jobs.types.${job.type}`)}>
              <p>{t(`jobs.items.${job.id}.description`)}</p>
              <Facts
                items={[
                  { term: t("labels.department"), value: t(`jobs.departments.${job.department}`) },
                  { term: t("labels.location"), value: t("jobs.location") },
                  { term: t("labels.jobType"), value: t(`jobs.types.${job.type}`) },
                ]}
              />
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section
        id="apply"
        title={t("jobs.applyTitle")}
        lead={t("jobs.apply", { email: ORGANIZATION.email })}
        tinted
      >
        <p className="mt-6">
          <a href={`mailto:${ORGANIZATION.email}`} className="btn-primary">
            {t("jobs.applyAction")}
          </a>
        </p>
      </Section>
    </>
  );
}
