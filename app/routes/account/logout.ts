import { redirect } from "react-router";
import { clearSessionCookie, destroySession } from "~/server/auth/sessions.server";
import type { Route } from "./+types/logout";
import { env } from "~/server/kernel/env.server";

/** The header's Logout form posts here; it works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  await destroySession(request, env);
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" } });
}

/** Logging out changes state, so a plain visit only goes home. */
export function loader() {
  return redirect("/");
}
