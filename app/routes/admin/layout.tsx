import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, NavLink, Outlet, useRouteLoaderData } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/ui";
import { ADMIN_SECTIONS, mayOpenSection } from "~/lib/admin-sections";
import { isStaffRole, type Role } from "~/lib/vocabulary";
import { requireStaff, staffMiddleware } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["admin"] };

// As in the root's boundary: only an error shown to someone who is not staff needs it.
const ErrorPage = lazy(() =>
  import("~/components/error-page").then((module) => ({ default: module.ErrorPage })),
);
// The guard runs before every loader and action under /admin: ADMIN or STAFF, and for STAFF only
// the sections ADMIN_SECTIONS opens to them; each page also calls requireStaff() or, for what
// only an admin may do, requireAdmin() (decisions 022 and 052).
export const middleware: Route.MiddlewareFunction[] = [staffMiddleware];
export const meta = adminMeta;

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  return { title: adminTitle(args, "nav.overview"), role: user.role };
}

/** The menu and the page: what every admin page, a refused one too, is shown in. */
function AdminFrame({ role, children }: { role: Role; children: ReactNode }) {
  const { t } = useTranslation("admin");
  const sections = ADMIN_SECTIONS.filter((section) => mayOpenSection(role, section));
  return (
    <div className="container-page grid gap-6 py-8 lg:grid-cols-[12rem_1fr]">
      <nav aria-label={t("nav.label")} className="lg:sticky lg:top-24 lg:self-start">
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {sections.map((section) => (
            <li key={section.key}>
              <NavLink
                to={section.to}
                end={"end" in section ? section.end : undefined}
                className="tap-target focus-ring flex items-center rounded-lg px-3 py-1.5 text-gray-800 no-underline hover:bg-gray-100 aria-[current=page]:bg-accent-100 aria-[current=page]:font-bold aria-[current=page]:text-accent-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:aria-[current=page]:bg-gray-800 dark:aria-[current=page]:text-accent-200"
              >
                {t(`nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame role={loaderData.role}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A refused or missing admin page keeps the menu and says why in the admin's words, with the
 * way back to the overview (decision 052). The guard refuses before this layout's loader runs,
 * so the role comes from the root's, which every page loads.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("admin");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const role = root?.user?.role;
  // Someone who is not staff gets the site's own error page: there is no admin frame for them.
  if (!role || !isStaffRole(role))
    return (
      <Suspense>
        <ErrorPage status={status} />
      </Suspense>
    );
  const copy = status === 403 ? "forbidden" : status === 404 ? "notFound" : "failed";
  return (
    <AdminFrame role={role}>
      <title>{t(`refused.${copy}Title`)}</title>
      <AdminPageHeader title={t(`refused.${copy}Title`)} lead={t(`refused.${copy}Lead`)} />
      <p className="mt-4">
        <Link to="/admin" className="tap-target link inline-flex items-center">
          ← {t("refused.back")}
        </Link>
      </p>
    </AdminFrame>
  );
}
