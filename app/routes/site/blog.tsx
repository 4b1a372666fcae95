import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useFormat } from "~/lib/format";
import { Badge } from "~/components/pages/ui";
import { BLOG_POSTS } from "~/content/blog";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/blog";

export const handle = { i18n: ["blog", "meta"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function BlogPage() {
  const { t } = useTranslation("blog");
  const format = useFormat();
  return (
    <>
      <PageHeader title={t("meta:pages.blog.title")} lead={t("lead")} />
      <div className="container-page grid gap-6 py-12 md:grid-cols-2 lg:grid-cols-3">
        {BLOG_POSTS.map((post) => {
          const title = t(`posts.${post.slug}.title`);
          return (
            <article
              key={post.slug}
              className="flex flex-col rounded-xl border border-gray-200 p-6 dark:border-gray-700"
            >
              <Badge>{t(`categories.${post.category}`)}</Badge>
              <h2 className="text-xl font-bold">
                <Link to={`/blog/${post.slug}`} className="focus-ring rounded hover:underline">
                  {title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                <time dateTime={post.date}>{format.date(post.date)}</time> ·{" "}
                {t("by", { author: t(`authors.${post.author}`) })}
              </p>
              <p className="mt-3 flex-1 text-gray-800 dark:text-gray-200">
                {t(`posts.${post.slug}.excerpt`)}
              </p>
              <Link
                to={`/blog/${post.slug}`}
                className="link mt-4 self-start font-semibold"
                aria-label={t("readMoreLabel", { title })}
              >
                {t("readMore")}
              </Link>
            </article>
          );
        })}
      </div>
    </>
  );
}
