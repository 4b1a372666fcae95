import type { RouterContextProvider } from "react-router";
import { landingAttribution, postedAttribution } from "~/lib/attribution";
import { postedFormOrNull } from "../kernel/post-guard.server";

/**
 * The attribution a page's forms carry (decision 056): the landing request's, or, on a page that
 * answers a post without JavaScript (a form refused with its errors), the one that post carried,
 * since that request's Referer is our own page and its address the form's.
 */
export function pageAttribution(request: Request, context: Readonly<RouterContextProvider>): string {
  const posted = postedFormOrNull(context);
  if (posted) return new URLSearchParams(postedAttribution(posted) ?? {}).toString();
  return landingAttribution(new URL(request.url), request.headers.get("Referer"));
}
