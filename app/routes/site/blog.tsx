import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ActionName } from "~/components/ui/action-name";
import { PageHeader } from "~/components/layout/page-header";
import { useFormat } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import { Badge } from "~/components/pages/ui";
import { inLanguage } from "~/lib/content/entry-types";
import { pageMeta } from "~/lib/seo";
import { listPostsPage } from "~/server/content/entries.server";
import { imagesByKey } from "~/server/files/records.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/blog";
import { env } from "~/server/kernel/env.server";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["blog"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

/** The newest posts, and the older a page at a time, `?page=2` and on (decision 057). */
export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  const asked = Number(new URL(args.request.url).searchParams.get("page") ?? "1");
  const { posts, page, pageCount } = await listPostsPage(env, asked);
  // A post's cover is an upload (decision 021): its size and its description in the visitor's language.
  const covers = await imagesByKey(
    env,
    posts.map((post) => post.fields.cover),
    locale,
  );
  return {
    seo: sitePageSeo(args),
    posts: posts.map((post) => ({
      ...inLanguage(post, locale),
      cover: covers.get(post.fields.cover) ?? null,
    })),
    page,
    pageCount,
  };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const format = useFormat();
  const { posts, page, pageCount } = loaderData;
  return (
    <>
      <PageHeader lead={t("lead")} />
      <div className="container-page grid gap-6 py-12 md:grid-cols-2 lg:grid-cols-3">
        {posts.map(({ slug, fields, cover }, index) => {
          const title = fields.title;
          return (
            <article
              key={slug}
              className="flex flex-col rounded-xl border border-gray-200 p-6 dark:border-gray-700"
            >
              {cover ? (
                // width and height from the upload's header keep the space; only the first card may be in the first view.
                <img
                  src={cover.url}
                  alt={cover.alt}
                  width={cover.width}
                  height={cover.height}
                  loading={index === 0 ? "eager" : "lazy"}
                  decoding="async"
                  className="-mx-6 -mt-6 mb-4 aspect-[3/2] h-auto w-[calc(100%+3rem)] max-w-none rounded-t-xl object-cover"
                />
              ) : null}
              <Badge>{t(`categories.${fields.category}`)}</Badge>
              <h2 className="text-xl font-bold">
                <Link to={`/blog/${slug}`} className="focus-ring rounded hover:underline">
                  {title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                <time dateTime={fields.date}>{formatCalendarDate(fields.date, format.locale)}</time> ·{" "}
                {t("by", { author: fields.author })}
              </p>
              <p className="mt-3 flex-1 text-gray-800 dark:text-gray-200">{fields.excerpt}</p>
              {/* The post's title in the link's text, not only an aria-label: search engines read the
                  text (Lighthouse's descriptive link text), screen readers the same name as before. */}
              <Link to={`/blog/${slug}`} className="link mt-4 self-start font-semibold">
                <ActionName words={t("readMore")} subject={title} />
              </Link>
            </article>
          );
        })}
      </div>
      {pageCount > 1 ? (
        // Plain links: they work without JavaScript.
        <nav aria-label={t("pages")} className="container-page flex flex-wrap gap-3 pb-12">
          {page > 1 ? (
            <Link to={page === 2 ? "/blog" : `/blog?page=${page - 1}`} className="btn-secondary" rel="prev">
              {t("newerPosts")}
            </Link>
          ) : null}
          {page < pageCount ? (
            <Link to={`/blog?page=${page + 1}`} className="btn-secondary" rel="next">
              {t("olderPosts")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
