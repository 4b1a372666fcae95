import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { ButtonRow, Section } from "~/components/pages/ui";
import { STORIES } from "~/content/impact";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/stories";

export const handle = { i18n: ["impact", "meta"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function StoriesPage() {
  const { t } = useTranslation("impact");
  return (
    <>
      <PageHeader title={t("meta:pages.stories.title")} lead={t("stories.lead")} />
      <div className="container-page grid gap-6 py-12 md:grid-cols-2">
        {STORIES.map((story) => (
          <article key={story.id} className="rounded-2xl border border-gray-200 p-6 dark:border-gray-700">
            <p className="text-sm font-semibold uppercase tracking-wide text-accent-800 dark:text-accent-200">
              {t("stories.programLabel")}: {t(`stories.programs.${story.program}`)}
            </p>
            <h2 className="mt-2 text-2xl font-bold">{t(`stories.items.${story.id}.title`)}</h2>
            <p className="mt-1 font-semibold text-gray-700 dark:text-gray-300">
              {t(`stories.items.${story.id}.person`)}
            </p>
            <p className="mt-3 text-gray-800 dark:text-gray-200">{t(`stories.items.${story.id}.text`)}</p>
          </article>
        ))}
      </div>
      <Section id="share" title={t("stories.shareTitle")} lead={t("stories.shareText")} tinted>
        <ButtonRow>
          <Link to="/contact" className="btn-primary">
            {t("stories.shareAction")}
          </Link>
        </ButtonRow>
      </Section>
    </>
  );
}
