import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { requireStaff, staffMiddleware } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["admin"] };
// The guard runs before every loader and action under /admin (ADMIN or STAFF); each page also
// calls requireStaff() or, for what only an admin may do, requireAdmin() (decision 022).
export const middleware: Route.MiddlewareFunction[] = [staffMiddleware];
export const meta = adminMeta;

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  return { title: adminTitle(args, "nav.overview"), isAdmin: user.role === "ADMIN" };
}

/** The sections; `adminOnly` ones are not shown to STAFF, whose pages answer 403 (decision 022). */
const SECTIONS: { to: string; key: string; end?: true; adminOnly?: true }[] = [
  { to: "/admin", key: "overview", end: true },
  { to: "/admin/submissions", key: "submissions" },
  { to: "/admin/donations", key: "donations", adminOnly: true },
  { to: "/admin/subscribers", key: "subscribers" },
  { to: "/admin/newsletters", key: "newsletters" },
  { to: "/admin/registrations", key: "registrations" },
  { to: "/admin/volunteers", key: "volunteers" },
  { to: "/admin/entries", key: "entries" },
  { to: "/admin/content", key: "content" },
  { to: "/admin/files", key: "files" },
  { to: "/admin/outbox", key: "outbox", adminOnly: true },
  { to: "/admin/users", key: "users", adminOnly: true },
  { to: "/admin/audit", key: "audit", adminOnly: true },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const sections = SECTIONS.filter((section) => loaderData.isAdmin || !section.adminOnly);
  return (
    <div className="container-page grid gap-6 py-8 lg:grid-cols-[12rem_1fr]">
      <nav aria-label={t("nav.label")} className="lg:sticky lg:top-24 lg:self-start">
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {sections.map((section) => (
            <li key={section.key}>
              <NavLink
                to={section.to}
                end={section.end}
                className="tap-target focus-ring flex items-center rounded-lg px-3 py-1.5 text-gray-800 no-underline hover:bg-gray-100 aria-[current=page]:bg-accent-100 aria-[current=page]:font-bold aria-[current=page]:text-accent-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:aria-[current=page]:bg-gray-800 dark:aria-[current=page]:text-accent-200"
              >
                {t(`nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
