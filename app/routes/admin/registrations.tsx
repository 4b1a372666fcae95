import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pagination } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { seatCountText } from "~/components/admin/seat-count";
import { AdminPageHeader } from "~/components/admin/ui";
import { DateTime, Money } from "~/components/ui/format";
import { useLocale } from "~/lib/format";
import { registrationsOverview } from "~/server/events/admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { TableScroll, tableClass, tdClass, thClass } from "~/components/ui/table";
import type { Route } from "./+types/registrations";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "tickets"] };
export const meta = adminMeta;

/**
 * GET /admin/registrations?page=N: a page of events' seats and ticket money, and every event's
 * totals (decisions 024, 073).
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return {
    title: adminTitle(args, "tickets:admin.title"),
    ...(await registrationsOverview(env, new URL(args.request.url))),
  };
}

export default function AdminRegistrations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tickets");
  const locale = useLocale();
  const { events, all } = loaderData;
  const cell = tdClass;
  return (
    <div className="space-y-6">
      <AdminPageHeader title={t("admin.title")} lead={t("admin.lead")} />
      {/* A labelled region that scrolls on a phone, as every admin list (decision 053). */}
      <TableScroll label={t("admin.title")}>
        <table className={tableClass}>
          <thead>
            <tr>
              {["event", "date", "seats", "revenue", "value", "deductible"].map((key) => (
                <th key={key} scope="col" className={thClass}>
                  {t(`admin.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.rows.map(({ event, seats, totals }) => (
              <tr key={event.slug}>
                <th scope="row" className={cell}>
                  <Link
                    to={`/admin/registrations/${event.slug}`}
                    className="link tap-target inline-flex items-center"
                  >
                    {event.title[locale]}
                  </Link>
                </th>
                <td className={cell}>
                  <DateTime iso={event.startsAt} />
                </td>
                <td className={cell}>{seatCountText(t, seats)}</td>
                <td className={cell}>
                  <Money cents={totals.revenueCents} />
                </td>
                <td className={cell}>
                  <Money cents={totals.valueCents} />
                </td>
                <td className={cell}>
                  <Money cents={totals.deductibleCents} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className={cell} colSpan={3}>
                {t("admin.revenueAll")}
              </th>
              <td className={cell} data-testid="ticket-revenue">
                <Money cents={all.revenueCents} />
              </td>
              <td className={cell}>
                <Money cents={all.valueCents} />
              </td>
              <td className={cell} data-testid="ticket-deductible">
                <Money cents={all.deductibleCents} />
              </td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <Pagination page={events.page} pageCount={events.pageCount} total={events.total} />
    </div>
  );
}
