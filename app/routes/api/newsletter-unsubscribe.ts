import { getDb } from "~/server/db/client.server";
import { unsubscribe } from "~/server/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { env } from "~/server/kernel/env.server";

/**
 * POST /api/v1/newsletter/unsubscribe?token=…: one-click unsubscribe (RFC 8058), the address of
 * every newsletter mail's List-Unsubscribe header. A mail provider posts
 * `List-Unsubscribe=One-Click` from its own servers, so the post is taken from any origin
 * (docs/architecture.md, Newsletter); the signed token is the authorisation. A resource route,
 * because React Router refuses page actions posted from another origin.
 */
export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // An /api/ route reads its own body, already capped by the post guard (decision 012).
  const body = await request.formData().catch(() => null);
  const oneClick = body?.get("List-Unsubscribe") === "One-Click";
  const done = oneClick && (await unsubscribe(env, getDb(env), token));
  return new Response(done ? "Unsubscribed." : "Bad Request", {
    status: done ? 200 : 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A person who opens the header's address in a browser gets the page that asks first. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return Response.redirect(new URL(`/newsletter/unsubscribe${url.search}`, url).toString(), 303);
}
