import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { JobCard } from "~/components/content/job-card";
import { CardGrid, Section } from "~/components/pages/ui";
import { ORGANIZATION } from "~/content/organization";
import { inLanguage } from "~/lib/content/entry-types";
import { pageMeta } from "~/lib/seo";
import { listPublished } from "~/server/content/entries.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/join-our-team";

export const handle = { i18n: ["involve", "meta"] };
export const meta = pageMeta;

/** Open positions are staff-edited records (decision 020), newest first. */
export async function loader(args: Route.LoaderArgs) {
  const { env } = getRequestContext(args.context);
  const locale = getLocale(args.context);
  const jobs = [...(await listPublished(env, "job"))].reverse().map((job) => inLanguage(job, locale));
  return { seo: sitePageSeo(args), jobs };
}

export default function JobsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("involve");
  const { jobs } = loaderData;
  return (
    <>
      <PageHeader title={t("meta:pages.jobs.title")} lead={t("jobs.lead")} />
      <Section id="open" title={t("jobs.openTitle")}>
        <CardGrid>
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} />
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
