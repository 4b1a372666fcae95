import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList, useFormat } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";

/** When the legal texts last changed; shown at the top of each. */
const LEGAL_UPDATED = "2025-03-01";

/** `id` makes a section a link target (the footer's "Cookie settings" without JavaScript). */
type LegalSection = { id?: string; title: string; text: string[] };

/** Privacy, terms and accessibility share one layout: sections of headed paragraphs. */
export function LegalPage({ page }: { page: "privacy" | "terms" | "accessibility" }) {
  const { t } = useTranslation("legal");
  const format = useFormat();
  return (
    <>
      <PageHeader lead={t(`${page}.lead`)}>
        <p className="mt-4 text-gray-700 dark:text-gray-300">
          {t("updated", { date: formatCalendarDate(LEGAL_UPDATED, format.locale) })}
        </p>
      </PageHeader>
      <div className="container-page max-w-3xl space-y-10 py-12">
        {asList<LegalSection>(t(`${page}.sections`, { returnObjects: true })).map((section) => (
          <section key={section.title} id={section.id}>
            <h2 className="text-2xl font-bold">{section.title}</h2>
            <div className="mt-3 space-y-3 text-lg text-gray-800 dark:text-gray-200">
              {section.text.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
