import { env } from "~/server/kernel/env.server";

/** GET /robots.txt: everything public is crawlable; private and utility paths are not. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /account",
    "Disallow: /api/",
    "Disallow: /forms/",
    "Disallow: /search",
    "",
    `Sitemap: ${new URL("/sitemap.xml", env.SITE_URL).toString()}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
