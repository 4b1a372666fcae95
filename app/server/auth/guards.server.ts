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
import { adminSectionOf, mayOpenSection } from "~/lib/admin-sections";
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

/** An ADMIN or STAFF member (any section); else a redirect to /login or a 403. */
async function staffUser(args: GuardArgs): Promise<SessionUser> {
  const known = args.context.get(checkedStaff);
  if (known) return known;
  const user = await requireUser(args);
  if (!isStaffRole(user.role)) throw data(null, { status: 403 });
  args.context.set(checkedStaff, user);
  return user;
}

/** 403 when the /admin section of this request is not one `ADMIN_SECTIONS` opens to the role. */
function refuseClosedSection(request: Request, user: SessionUser) {
  const section = adminSectionOf(pagePathname(request));
  if (section && !mayOpenSection(user.role, section)) throw data(null, { status: 403 });
}

/**
 * An ADMIN or STAFF member who may open the requested /admin section (decision 052); else a
 * redirect to /login for a visitor and a 403 for anyone else. The inbox, subscribers, newsletters
 * and copy call it.
 */
export async function requireStaff(args: GuardArgs): Promise<SessionUser> {
  const user = await staffUser(args);
  refuseClosedSection(args.request, user);
  return user;
}

/**
 * An ADMIN; a STAFF member gets 403 like a USER. Users and roles, the outbox and payments call
 * it (docs/decisions/022-staff-role.md).
 */
export async function requireAdmin(args: GuardArgs): Promise<SessionUser> {
  const user = await requireStaff(args);
  if (user.role !== "ADMIN") throw data(null, { status: 403 });
  return user;
}

/**
 * On the /admin layout: nothing under it runs for anyone but ADMIN or STAFF, whatever a page
 * forgets, and a STAFF member is refused a section `ADMIN_SECTIONS` keeps for ADMIN, the list the
 * menu is drawn from (decision 052). A page's document request is refused by the layout's loader
 * instead (requireStaff), because an error thrown here runs no loader, the root's neither, and the
 * refusal would lose the menu; a data request or a post is refused here, before any loader or
 * action runs.
 */
export const staffMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const user = await staffUser(args);
  const isDocument =
    args.request.method === "GET" && pagePathname(args.request) === new URL(args.request.url).pathname;
  if (!isDocument) refuseClosedSection(args.request, user);
  return next();
};
