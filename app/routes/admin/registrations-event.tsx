import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/ui";
import { DateTime, Money } from "~/components/ui/format";
import { useLocale } from "~/lib/format";
import { eventRegistrationList } from "~/server/events/admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/kernel/context.server";
import type { Route } from "./+types/registrations-event";

export const handle = { i18n: ["admin", "tickets"] };
export const meta = adminMeta;

/** GET /admin/registrations/:slug: one event's attendees, for the door (decision 024). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const list = await eventRegistrationList(env, args.params.slug);
  if (!list) throw data(null, { status: 404 });
  return { title: adminTitle(args, "tickets:admin.attendees"), ...list };
}

export default function AdminEventRegistrations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tickets");
  const locale = useLocale();
  const { event, rows, totals } = loaderData;
  const cell = "border-b border-gray-200 px-3 py-2 text-left align-top dark:border-gray-700";
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t("admin.attendeesOf", { event: event.title[locale] })}
        lead={`${t("admin.seats")}: ${totals.seats} / ${event.capacity}`}
        actions={
          <>
            <a href={`/admin/registrations/${event.slug}/export.csv`} className="btn-secondary" download>
              {t("admin.export")}
            </a>
            <Link to="/admin/registrations" className="btn-secondary">
              {t("admin.back")}
            </Link>
          </>
        }
      />
      {rows.length === 0 ? (
        <p>{t("admin.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] border-collapse">
            <thead>
              <tr>
                {["name", "email", "kind", "quantity", "status", "amount", "registeredAt"].map((key) => (
                  <th key={key} scope="col" className={`${cell} font-semibold`}>
                    {t(`admin.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {row.name}
                  </th>
                  <td className={`${cell} break-all`}>{row.email}</td>
                  <td className={cell}>{t(`admin.kinds.${row.kind}`)}</td>
                  <td className={cell}>{row.quantity}</td>
                  <td className={cell}>{t(`admin.statuses.${row.status}`)}</td>
                  <td className={cell}>
                    <Money cents={row.amountCents} />
                  </td>
                  <td className={cell}>
                    <DateTime iso={row.confirmedAt ?? row.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
