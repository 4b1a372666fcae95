import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { adminMiddleware, requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["admin"] };
// The guard runs before every loader and action under /admin; each also calls requireAdmin().
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];
export const meta = adminMeta;

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { title: adminTitle(args, "nav.overview") };
}

const SECTIONS = [
  { to: "/admin", key: "overview", end: true },
  { to: "/admin/submissions", key: "submissions" },
  { to: "/admin/donations", key: "donations" },
  { to: "/admin/subscribers", key: "subscribers" },
  { to: "/admin/registrations", key: "registrations" },
  { to: "/admin/entries", key: "entries" },
  { to: "/admin/content", key: "content" },
  { to: "/admin/outbox", key: "outbox" },
  { to: "/admin/users", key: "users" },
  { to: "/admin/audit", key: "audit" },
] as const;

export default function AdminLayout() {
  const { t } = useTranslation("admin");
  return (
    <div className="container-page grid gap-6 py-8 lg:grid-cols-[12rem_1fr]">
      <nav aria-label={t("nav.label")} className="lg:sticky lg:top-24 lg:self-start">
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink
                to={section.to}
                end={"end" in section}
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
