import { isLocale } from "~/lib/i18n";
import { getTranslationBundle, getTranslationVersion } from "~/server/kernel/translations.server";
import type { Route } from "./+types/locales";
import { env } from "~/server/kernel/env.server";

/** GET /locales/{lng}/{ns}.json: one namespace of the merged, KV-cached copy (docs/architecture.md, KV). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const namespace = params.file.replace(/\.json$/, "");
  if (!isLocale(params.lng) || namespace === params.file) {
    return Response.json({ error: "Not found" }, { status: 404 });
  }
  const version = await getTranslationVersion(env);
  const { bundle, cache } = await getTranslationBundle(env, params.lng, version);
  const resource = bundle[namespace];
  if (!resource) return Response.json({ error: "Not found" }, { status: 404 });

  const etag = `"${version}-${params.lng}-${namespace}"`;
  // A URL that names the current version never changes; any other must be checked each time.
  const requested = new URL(request.url).searchParams.get("v");
  const headers = {
    ETag: etag,
    "Cache-Control":
      requested === version ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    "X-Translations-Cache": cache,
    Vary: "Accept-Encoding",
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return Response.json(resource, { headers });
}
