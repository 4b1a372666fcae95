import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/seo";

/**
 * The pages opened from a one-time link in an e-mail (reset password, verify e-mail) carry the
 * token in their address: keep it out of the Referer of any link on the page (the Worker sets
 * the site-wide Referrer-Policy header, so the page narrows it with a meta tag), out of search
 * engines and out of every cache.
 */
export function linkPageMeta(args: { loaderData: unknown }): MetaDescriptor[] {
  return [
    ...pageMeta(args),
    { name: "referrer", content: "no-referrer" },
    { name: "robots", content: "noindex" },
  ];
}

export function linkPageHeaders() {
  return { "Cache-Control": "no-store" };
}
