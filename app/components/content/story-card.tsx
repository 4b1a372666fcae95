import { useTranslation } from "react-i18next";
import type { InLanguage } from "~/lib/content/entry-types";

/** One success story as /stories shows it (and as the editor's preview shows it). */
export function StoryCard({ story }: { story: InLanguage<"story"> }) {
  const { t } = useTranslation("impact");
  const { fields } = story;
  return (
    <article className="rounded-2xl border border-gray-200 p-6 dark:border-gray-700">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent-800 dark:text-accent-200">
        {t("stories.programLabel")}: {t(`stories.programs.${fields.program}`)}
      </p>
      <h2 className="mt-2 text-2xl font-bold">{fields.title}</h2>
      <p className="mt-1 font-semibold text-gray-700 dark:text-gray-300">{fields.person}</p>
      <p className="mt-3 text-gray-800 dark:text-gray-200">{fields.text}</p>
    </article>
  );
}
