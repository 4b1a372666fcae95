import { clearSessionCookie, destroySession } from "~/server/auth/sessions.server";
import type { Route } from "./+types/auth-logout";
import { env } from "~/server/kernel/env.server";

/** POST /api/v1/auth/logout (docs/product.md §7): ends the session; answers 204 even without one. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  await destroySession(request, env);
  return new Response(null, {
    status: 204,
    headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" },
  });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
