import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { Section } from "~/components/pages/ui";
import { HISTORY } from "~/content/about";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/history";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["about"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function HistoryPage() {
  const { t } = useTranslation("about");
  return (
    <>
      <PageHeader lead={t("history.lead")} />
      <Section id="timeline" title={t("history.timelineTitle")}>
        <ol className="mt-8 space-y-8 border-l-4 border-accent-200 pl-6 dark:border-gray-700">
          {HISTORY.map((item) => (
            <li key={item.id} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[2.15rem] top-1 h-4 w-4 rounded-full bg-accent-700 dark:bg-accent-300"
              />
              <p className="font-bold text-accent-800 dark:text-accent-200">{item.year}</p>
              <h3 className="text-xl font-bold">{t(`history.events.${item.id}.title`)}</h3>
              <p className="mt-1 max-w-3xl text-gray-700 dark:text-gray-300">
                {t(`history.events.${item.id}.text`)}
              </p>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
