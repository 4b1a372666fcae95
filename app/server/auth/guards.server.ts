import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import type { SessionUser } from "~/lib/session-user";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getRequestContext } from "../kernel/context.server";
import { pagePathname } from "../seo.server";
import { getSessionUser } from "./sessions.server";

type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The admin checked for this request, so the layout and the page do not each query D1. */
const checkedAdmin = createContext<SessionUser | null>(null);

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const back = safeRedirectPath(`${pagePathname(request)}${url.search}`, "/");
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser({ request, context }: GuardArgs): Promise<SessionUser> {
  const { env } = getRequestContext(context);
  const user = await getSessionUser(request, env);
  if (!user) throw loginRedirect(request);
  return user;
}

/**
 * An ADMIN; else a redirect to /login for a visitor and a 403 (rendered by the root
 * ErrorBoundary) for anyone else. Every admin loader and action calls it.
 */
export async function requireAdmin(args: GuardArgs): Promise<SessionUser> {
  const known = args.context.get(checkedAdmin);
  if (known) return known;
  const user = await requireUser(args);
  if (user.role !== "ADMIN") throw data(null, { status: 403 });
  args.context.set(checkedAdmin, user);
  return user;
}

/** On the /admin layout: nothing under it runs for anyone but an admin, whatever a page forgets. */
export const adminMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  await requireAdmin(args);
  return next();
};
