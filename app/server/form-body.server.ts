import { data, type MiddlewareFunction } from "react-router";

/**
 * Every page action reads `request.formData()`, which throws on a body that is not a form
 * (JSON, broken multipart, no content type). Browsers never send one; anything that does gets
 * a 400 error page here, in one place, instead of a 500 from each action. API routes (/api/…)
 * read their own bodies, the Stripe webhook its raw JSON, so they are left alone.
 */
export const readableFormMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD" && !new URL(request.url).pathname.startsWith("/api/")) {
    try {
      await request.clone().formData();
    } catch {
      throw data(null, { status: 400 });
    }
  }
  return next();
};
