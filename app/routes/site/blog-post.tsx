import { GonePage } from "~/components/content/gone-page";
import { PostArticle } from "~/components/content/post-article";
import { inLanguage, localized } from "~/lib/content/entry-types";
import { pageMeta } from "~/lib/seo";
import { findPublished } from "~/server/content/entries.server";
import { goneOrNotFound } from "~/server/content/gone-page.server";
import { imagesByKey } from "~/server/files/records.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/blog-post";
import { env } from "~/server/kernel/env.server";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["blog", "gone"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const post = await findPublished(env, "post", args.params.slug);
  if (!post) return goneOrNotFound(args, "post", args.params.slug);
  const locale = getLocale(args.context);
  const title = localized(post.fields.title, locale);
  const description = localized(post.fields.excerpt, locale);
  const cover = (await imagesByKey(env, [post.fields.cover], locale)).get(post.fields.cover) ?? null;
  const jsonLd = [
    {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: title,
      description,
      datePublished: post.fields.date,
      ...(cover ? { image: new URL(cover.url, env.SITE_URL).toString() } : {}),
      dateModified: post.updatedAt,
      author: { "@type": "Person", name: localized(post.fields.author, locale).split(",")[0] },
      publisher: { "@type": "NGO", name: "product", url: new URL("/", env.SITE_URL).toString() },
      mainEntityOfPage: new URL(`/blog/${post.slug}`, env.SITE_URL).toString(),
      inLanguage: locale,
    },
  ];
  return {
    seo: pageSeo(args, "blog", { title, description, jsonLd }),
    post: inLanguage(post, locale),
    cover,
  };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  if ("gone" in loaderData) return <GonePage gone={loaderData.gone} />;
  return <PostArticle post={loaderData.post} cover={loaderData.cover} />;
}
