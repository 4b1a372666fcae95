import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/seo";

/**
 * A signed-in person's own pages (their account, children, security): their SEO from `ownPageSeo`,
 * kept out of search engines and out of every shared cache, since what they show is one person's.
 */
export function ownPageMeta(args: { loaderData: unknown }): MetaDescriptor[] {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

export function ownPageHeaders() {
  return { "Cache-Control": "private, no-store" };
}
