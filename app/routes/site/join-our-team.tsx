import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { JobCard } from "~/components/content/job-card";
import { CardGrid, Section } from "~/components/pages/ui";
import { inLanguage } from "~/lib/content/entry-types";
import { pageMeta } from "~/lib/seo";
import { listPublished } from "~/server/content/entries.server";
import { getOrganization } from "~/server/content/organization.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/join-our-team";
import { env } from "~/server/kernel/env.server";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["involve"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

/** Open positions are staff-edited records (decision 020), newest first. */
export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  const [published, facts] = await Promise.all([listPublished(env, "job"), getOrganization(env)]);
  const jobs = [...published].reverse().map((job) => inLanguage(job, locale));
  // Applications go to the organisation's address (decision 028), the sender's while it is unknown.
  const email = facts?.email ?? env.MAIL_FROM;
  return { seo: sitePageSeo(args), jobs, email };
}

export default function JobsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("involve");
  const { jobs, email } = loaderData;
  return (
    <>
      <PageHeader lead={t("jobs.lead")} />
      <Section id="open" title={t("jobs.openTitle")}>
        <CardGrid>
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </CardGrid>
      </Section>
      <Section id="apply" title={t("jobs.applyTitle")} lead={t("jobs.apply", { email: email })} tinted>
        <p className="mt-6">
          <a href={`mailto:${email}`} className="btn-primary">
            {t("jobs.applyAction")}
          </a>
        </p>
      </Section>
    </>
  );
}
