import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList, newYorkDate, useFormat } from "~/lib/format";
import { Badge, CheckList } from "~/components/pages/ui";
import { REPORTS } from "~/content/impact";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/reports";
import { NewsletterForm } from "~/components/forms/newsletter-form";

const Modal = lazy(() => import("~/components/modal").then((module) => ({ default: module.Modal })));

export const handle = { i18n: ["impact", "meta", "forms"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function ReportsPage() {
  const { t } = useTranslation("impact");
  const format = useFormat();
  // None of the reports has a file yet: a date already past says so rather than "Expected".
  const today = newYorkDate();
  const [openReport, setOpenReport] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const close = useCallback(() => setOpenReport(null), []);

  return (
    <>
      <PageHeader title={t("meta:pages.reports.title")} lead={t("reports.lead")} />
      <section aria-labelledby="documents" className="container-page py-12">
        <h2 id="documents" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("reports.documentsTitle")}
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {REPORTS.map((report) => {
            const title = t(`reports.items.${report.id}.title`);
            return (
              <article
                key={report.id}
                className="flex flex-col rounded-xl border border-gray-200 p-6 dark:border-gray-700"
              >
                <Badge>{t(`reports.types.${report.type}`)}</Badge>
                <h3 className="text-xl font-bold">{title}</h3>
                <p className="mt-2 text-gray-700 dark:text-gray-300">
                  {t(`reports.items.${report.id}.description`)}
                </p>
                <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
                  {t(report.date <= today ? "reports.late" : "reports.expected", {
                    date: format.date(report.date),
                  })}{" "}
                  · {t("reports.pages", { count: report.pages })}
                </p>
                <h4 className="mt-4 font-semibold">{t("reports.highlightsLabel")}</h4>
                <CheckList
                  className="mt-2 flex-1 text-gray-700 dark:text-gray-300"
                  items={asList(t(`reports.items.${report.id}.highlights`, { returnObjects: true }))}
                />
                {/* Without JavaScript the link leads to the newsletter signup, which is what the modal offers. */}
                <a
                  href="#newsletter"
                  className="btn-secondary mt-6 self-start"
                  aria-haspopup="dialog"
                  aria-label={t("reports.downloadLabel", { title })}
                  onClick={(event) => {
                    event.preventDefault();
                    setShown(report.id);
                    setOpenReport(report.id);
                  }}
                >
                  {t("reports.download")}
                </a>
              </article>
            );
          })}
        </div>
      </section>
      {shown ? (
        <Suspense fallback={null}>
          <Modal
            open={openReport !== null}
            onClose={close}
            title={t("reports.modal.title")}
            closeLabel={t("reports.modal.close")}
          >
            <p className="text-gray-700 dark:text-gray-300">
              {t("reports.modal.text", { title: t(`reports.items.${shown}.title`) })}
            </p>
            <p className="mt-6">
              <a href="#newsletter" className="btn-primary" onClick={close}>
                {t("reports.modal.subscribe")}
              </a>
            </p>
          </Modal>
        </Suspense>
      ) : null}

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
