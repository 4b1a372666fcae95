import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { asList, useFormat } from "~/lib/format";
import { findPost } from "~/content/blog";
import { pageMeta } from "~/lib/seo";
import { getRequestContext } from "~/server/kernel/context.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/blog-post";

export const handle = { i18n: ["blog", "meta"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  const post = findPost(args.params.slug);
  if (!post) throw data(null, { status: 404 });
  const { env } = getRequestContext(args.context);
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "blog");
  const title = t(`posts.${post.slug}.title`);
  const description = t(`posts.${post.slug}.excerpt`);
  const jsonLd = [
    {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: title,
      description,
      datePublished: post.date,
      author: { "@type": "Person", name: t(`authors.${post.author}`).split(",")[0] },
      publisher: { "@type": "NGO", name: "product", url: new URL("/", env.SITE_URL).toString() },
      mainEntityOfPage: new URL(`/blog/${post.slug}`, env.SITE_URL).toString(),
    },
  ];
  return { seo: pageSeo(args, "blog", { title, description, jsonLd }), post };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const format = useFormat();
  const { post } = loaderData;
  return (
    <article className="container-page max-w-3xl py-12">
      <p>
        <Link to="/blog" className="link">
          ← {t("back")}
        </Link>
      </p>
      <p className="mt-6 font-semibold uppercase tracking-wide text-accent-800 dark:text-accent-200">
        {t(`categories.${post.category}`)}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">
        {t(`posts.${post.slug}.title`)}
      </h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">
        <time dateTime={post.date}>{format.date(post.date)}</time> ·{" "}
        {t("by", { author: t(`authors.${post.author}`) })}
      </p>
      <p className="mt-6 text-xl text-gray-800 dark:text-gray-200">{t(`posts.${post.slug}.excerpt`)}</p>
      <div className="mt-6 space-y-5 text-lg leading-relaxed text-gray-800 dark:text-gray-200">
        {asList(t(`posts.${post.slug}.body`, { returnObjects: true })).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
