import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import type { SessionUser } from "~/lib/session-user";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isStaffRole } from "~/lib/vocabulary";
import { pagePathname } from "../kernel/page-path.server";
import { getSessionUser } from "./sessions.server";
import { env } from "../kernel/env.server";

type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The back-office user checked for this request, so the layout and the page do not each query D1. */
const checkedStaff = createContext<SessionUser | null>(null);

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const back = safeRedirectPath(`${pagePathname(request)}${url.search}`, "/");
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser({ request }: GuardArgs): Promise<SessionUser> {
  const user = await getSessionUser(request, env);
  if (!user) throw loginRedirect(request);
  return user;
}

/**
 * An ADMIN or STAFF member; else a redirect to /login for a visitor and a 403 (rendered by the
 * root ErrorBoundary) for anyone else. The inbox, subscribers, newsletters and copy call it.
 */
export async function requireStaff(args: GuardArgs): Promise<SessionUser> {
  const known = args.context.get(checkedStaff);
  if (known) return known;
  const user = await requireUser(args);
  if (!isStaffRole(user.role)) throw data(null, { status: 403 });
  args.context.set(checkedStaff, user);
  return user;
}

/**
 * An ADMIN; a STAFF member gets 403 like a USER. Users and roles, the outbox, payments and the
 * audit log call it (docs/decisions/022-staff-role.md).
 */
export async function requireAdmin(args: GuardArgs): Promise<SessionUser> {
  const user = await requireStaff(args);
  if (user.role !== "ADMIN") throw data(null, { status: 403 });
  return user;
}

/** On the /admin layout: nothing under it runs for anyone but ADMIN or STAFF, whatever a page forgets. */
export const staffMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  await requireStaff(args);
  return next();
};
