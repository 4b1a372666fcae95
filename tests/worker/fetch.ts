import { exports } from "cloudflare:workers";

export const ORIGIN = "https://example.org";

/** Calls the real Worker as a browser would. */
export function fetchPage(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }));
}

/** A page's HTML as a person sees it: without its scripts (the translations' data block names every key). */
export const shown = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

/** A same-origin form post, as the browser sends it. */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchPage(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}
