import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { RecordTable, type Column } from "~/components/admin/data-table";
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

type Attendee = Route.ComponentProps["loaderData"]["rows"][number];

export default function AdminEventRegistrations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tickets");
  const locale = useLocale();
  const { event, rows, totals } = loaderData;
  const columns: Column<Attendee>[] = [
    { header: "tickets:admin.name", cell: (row) => row.name },
    { header: "tickets:admin.email", className: "break-all", cell: (row) => row.email },
    { header: "tickets:admin.kind", cell: (row) => t(`admin.kinds.${row.kind}`) },
    { header: "tickets:admin.quantity", cell: (row) => row.quantity },
    { header: "tickets:admin.status", cell: (row) => t(`admin.statuses.${row.status}`) },
    { header: "tickets:admin.amount", cell: (row) => <Money cents={row.amountCents} /> },
    {
      header: "tickets:admin.registeredAt",
      cell: (row) => <DateTime iso={row.confirmedAt ?? row.createdAt} />,
    },
  ];
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
      <RecordTable label={t("admin.attendees")} columns={columns} rows={rows} empty={t("admin.none")} />
    </div>
  );
}
