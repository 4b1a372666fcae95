import { useTranslation } from "react-i18next";
import { Card, Facts } from "~/components/pages/ui";
import type { InLanguage } from "~/lib/content/entry-types";

/** One open position as /join-our-team shows it (and as the editor's preview shows it). */
export function JobCard({ job }: { job: InLanguage<"job"> }) {
  const { t } = useTranslation("involve");
  const { fields } = job;
  return (
    <Card title={fields.title} badge={t(`jobs.types.${fields.employment}`)}>
      <p>{fields.description}</p>
      <Facts
        items={[
          { term: t("labels.department"), value: t(`jobs.departments.${fields.department}`) },
          { term: t("labels.location"), value: t("jobs.location") },
          { term: t("labels.jobType"), value: t(`jobs.types.${fields.employment}`) },
        ]}
      />
    </Card>
  );
}
