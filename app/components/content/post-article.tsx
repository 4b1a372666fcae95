import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { InLanguage } from "~/lib/content/entry-types";
import { Markdown } from "./markdown";
import { useFormat } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";

/** One blog post as /blog/:slug shows it (and as the editor's preview shows it before publishing). */
export function PostArticle({
  post,
  cover,
}: {
  post: InLanguage<"post">;
  /** The cover upload (decision 021), its description already in the page's language. */
  cover?: { url: string; width: number; height: number; alt: string } | null;
}) {
  const { t } = useTranslation("blog");
  const format = useFormat();
  const { fields } = post;
  return (
    <article className="container-page max-w-3xl py-12">
      <p>
        <Link to="/blog" className="link">
          ← {t("back")}
        </Link>
      </p>
      <p className="mt-6 font-semibold uppercase tracking-wide text-accent-800 dark:text-accent-200">
        {t(`categories.${fields.category}`)}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">{fields.title}</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">
        <time dateTime={fields.date}>{formatCalendarDate(fields.date, format.locale)}</time> ·{" "}
        {t("by", { author: fields.author })}
      </p>
      {cover ? (
        // In the first view: loaded at once; width and height keep its space (no layout shift).
        <img
          src={cover.url}
          alt={cover.alt}
          width={cover.width}
          height={cover.height}
          decoding="async"
          className="mt-6 h-auto w-full rounded-xl"
        />
      ) : null}
      <p className="mt-6 text-xl text-gray-800 dark:text-gray-200">{fields.excerpt}</p>
      <div className="mt-6 space-y-5 text-lg leading-relaxed text-gray-800 dark:text-gray-200">
        <Markdown source={fields.body} />
      </div>
    </article>
  );
}
