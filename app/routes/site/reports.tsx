import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { Badge } from "~/components/pages/ui";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { pageMeta } from "~/lib/seo";
import { numberFormat } from "~/lib/format";
import { localized } from "~/lib/content/entry-types";
import { listPublished } from "~/server/content/entries.server";
import { withFiles } from "~/server/files/records.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/reports";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["impact", "forms"] };
export const meta = pageMeta;

/** The published reports (content type `report`, decisions 020 and 021), newest year first. */
export async function loader(args: Route.LoaderArgs) {
  const locale = requestLocale(args.context);
  const reports = await withFiles(
    env,
    (await listPublished(env, "report")).toSorted(
      (a, b) => b.fields.year - a.fields.year || a.slug.localeCompare(b.slug),
    ),
    (report) => report.fields.pdf,
  );
  return {
    seo: sitePageSeo(args),
    reports: reports.map(({ item: report, file: pdf }) => ({
      id: report.id,
      year: report.fields.year,
      title: localized(report.fields.title, locale),
      summary: localized(report.fields.summary, locale),
      // A report whose PDF is not uploaded yet is shown as not yet published.
      pdf: pdf ? { url: pdf.url, size: pdf.size } : null,
    })),
  };
}

/** "1.2 MB" or "350 KB", as a download button says it. */
function fileSize(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  const format = (value: number, unit: string) =>
    `${numberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  return megabytes >= 1 ? format(megabytes, "MB") : format(Math.max(1, Math.round(bytes / 1024)), "KB");
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("impact");
  const { reports } = loaderData;
  return (
    <>
      <PageHeader lead={t("reports.lead")} />
      <section aria-labelledby="documents" className="container-page py-12">
        <h2 id="documents" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("reports.documentsTitle")}
        </h2>
        {reports.length === 0 ? (
          <p className="mt-6 text-lg text-gray-700 dark:text-gray-300">{t("reports.none")}</p>
        ) : (
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reports.map((report) => (
              <li
                key={report.id}
                className="flex flex-col rounded-xl border border-gray-200 p-6 dark:border-gray-700"
              >
                <Badge>{report.year}</Badge>
                <h3 className="text-xl font-bold">{report.title}</h3>
                <p className="mt-2 flex-1 whitespace-pre-line text-gray-700 dark:text-gray-300">
                  {report.summary}
                </p>
                {report.pdf ? (
                  <a href={report.pdf.url} download className="btn-secondary mt-6 self-start">
                    {t("reports.download", { size: fileSize(report.pdf.size, i18n.language) })}
                    {/* The visible words first, so a voice user can say what they see. */}
                    <span className="sr-only">{t("reports.downloadOf", { title: report.title })}</span>
                  </a>
                ) : (
                  <p className="mt-6 font-semibold text-gray-800 dark:text-gray-200">
                    {t("reports.notPublished")}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="newsletter" aria-labelledby="newsletter-title" className="bg-accent-50 dark:bg-gray-900">
        <div className="container-page py-12 sm:py-16">
          <h2 id="newsletter-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("reports.newsletterTitle")}
          </h2>
          <p
            id="reports-newsletter-intro"
            className="mt-3 max-w-3xl text-lg text-gray-800 dark:text-gray-200"
          >
            {t("reports.newsletterIntro")}
          </p>
          <div className="mt-6 max-w-xl">
            <NewsletterForm source="reports" />
          </div>
        </div>
      </section>
    </>
  );
}
