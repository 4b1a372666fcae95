import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/seo";

/**
 * The pages opened from a one-time link in an e-mail (reset password, verify e-mail, invitation)
 * carry the token in their address: keep it out of the Referer sent to any other site (the Worker
 * sets the site-wide Referrer-Policy header, so the page narrows it with a meta tag), out of search
 * engines and out of every cache. "same-origin", not "no-referrer": under no-referrer the browser
 * posts the page's own form with "Origin: null", which the cross-origin check and React Router
 * refuse, so the form failed without JavaScript (decision 065).
 */
export function linkPageMeta(args: { loaderData: unknown }): MetaDescriptor[] {
  return [
    ...pageMeta(args),
    { name: "referrer", content: "same-origin" },
    { name: "robots", content: "noindex" },
  ];
}

export function linkPageHeaders() {
  return { "Cache-Control": "no-store" };
}
