import { clearSessionCookie, rotateSession } from "~/server/auth/sessions.server";
import type { Route } from "./+types/auth-refresh";
import { env } from "~/server/kernel/env.server";

/** POST /api/v1/auth/refresh (docs/product.md §7): a new session token; the old one stops working. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const cookie = await rotateSession(request, env);
  if (!cookie) {
    return Response.json(
      { error: "Not signed in" },
      { status: 401, headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" } },
    );
  }
  return new Response(null, { status: 204, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
