import { redirect, type RouterContextProvider } from "react-router";
import type { SessionUser } from "~/lib/session-user";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isStaffRole } from "~/lib/vocabulary";
import { getRequestContext } from "../kernel/context.server";
import { createSession, destroySession, getSessionUser } from "./sessions.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Where a person lands after signing in: a safe ?redirectTo, else /admin for admins and staff, /account for others. */
export function landingPath(user: SessionUser, redirectTo: unknown): string {
  return safeRedirectPath(redirectTo, isStaffRole(user.role) ? "/admin" : "/account");
}

/** Starts a session (ending any the browser still had) and redirects with its cookie. */
export async function signInAndRedirect({ request, context }: Args, user: SessionUser, to: string) {
  const { env } = getRequestContext(context);
  await destroySession(request, env);
  const cookie = await createSession(env, user.id);
  return redirect(to, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

/** The login and signup pages send someone already signed in straight on. */
export async function redirectIfSignedIn({ request, context }: Args) {
  const { env } = getRequestContext(context);
  const user = await getSessionUser(request, env);
  if (user) throw redirect(landingPath(user, new URL(request.url).searchParams.get("redirectTo")));
}
