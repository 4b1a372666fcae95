import { data, type MiddlewareFunction } from "react-router";

/**
 * Every page action reads `request.formData()`, which throws on a body that is not a form
 * (JSON, broken multipart, no content type). Browsers never send one; anything that does gets
 * a 400 error page here, in one place, instead of a 500 from each action. API routes (/api/…)
 * read their own bodies, the Stripe webhook its raw JSON, so they are left alone.
 */
/** Actions that read no body: a post with none (a bare `fetch("/logout", {method: "POST"})`) is fine. */
const BODYLESS_POSTS = new Set(["/logout"]);

export const readableFormMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const method = request.method.toUpperCase();
  const { pathname } = new URL(request.url);
  if (
    method !== "GET" &&
    method !== "HEAD" &&
    !pathname.startsWith("/api/") &&
    !BODYLESS_POSTS.has(pathname)
  ) {
    try {
      await request.clone().formData();
    } catch {
      throw data(null, { status: 400 });
    }
  }
  return next();
};
