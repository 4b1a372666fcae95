import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { RecordTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { seatCountText } from "~/components/admin/seat-count";
import { AdminPageHeader, ConfirmQuestion, Flash } from "~/components/admin/ui";
import { DateTime, Money } from "~/components/ui/format";
import { formatMoneyWithCents, useLocale } from "~/lib/format";
import { eventRegistrationList } from "~/server/events/admin.server";
import { cancelRegistration } from "~/server/events/registrations.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/registrations-event";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "tickets"] };
export const meta = adminMeta;

/** GET /admin/registrations/:slug: one event's attendees, for the door (decision 024). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const list = await eventRegistrationList(env, args.params.slug);
  if (!list) throw data(null, { status: 404 });
  return { title: adminTitle(args, "tickets:admin.attendees"), ...list };
}

/**
 * POST: cancel one registration (a paid ticket refunded), audited; the list shows the freed seats.
 * The row's button only asks (decision 046); the answer's post, with `confirm=yes`, acts.
 */
export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const form = readPostedForm(args.context);
  const id = String(form.get("registration") ?? "");
  if (form.get("confirm") !== "yes") return { ok: "ask" as const, id };
  const outcome = await cancelRegistration(env, admin, args.params.slug, id);
  if (!outcome.ok) return data(outcome, { status: outcome.error === "refund-failed" ? 502 : 400 });
  return outcome;
}

type Attendee = Route.ComponentProps["loaderData"]["rows"][number];

/** What the row's button does, in its words; a registration already ended has none. */
function cancelLabel(row: Pick<Attendee, "kind" | "status">) {
  if (row.status !== "held" && row.status !== "pending" && row.status !== "confirmed") return null;
  if (row.kind === "rsvp") return "admin.cancelRsvp";
  return row.status === "held" ? "admin.cancelHeld" : "admin.cancelTicket";
}

export default function AdminEventRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tickets");
  const locale = useLocale();
  const { event, rows, seats } = loaderData;
  const asked = actionData?.ok === "ask" ? actionData.id : null;
  const confirming = rows.find((row) => row.id === asked && cancelLabel(row));
  const columns: Column<Attendee>[] = [
    { header: "tickets:admin.name", cell: (row) => row.name },
    { header: "tickets:admin.email", className: "whitespace-nowrap", cell: (row) => row.email },
    { header: "tickets:admin.kind", cell: (row) => t(`admin.kinds.${row.kind}`) },
    { header: "tickets:admin.quantity", cell: (row) => row.quantity },
    {
      header: "tickets:admin.status",
      cell: (row) => t(row.refunded ? "admin.statuses.refunded" : `admin.statuses.${row.status}`),
    },
    { header: "tickets:admin.amount", cell: (row) => <Money cents={row.amountCents} /> },
    {
      header: "tickets:admin.registeredAt",
      cell: (row) => <DateTime iso={row.confirmedAt ?? row.createdAt} />,
    },
    {
      header: "tickets:admin.actions",
      cell: (row) => {
        const label = cancelLabel(row);
        // A real form per row, so cancelling works without JavaScript too; it asks first.
        return label ? (
          <Form method="post">
            <input type="hidden" name="registration" value={row.id} />
            <button type="submit" className="btn-secondary">
              {t(label)}
              <span className="sr-only">: {row.name}</span>
            </button>
          </Form>
        ) : null;
      },
    },
  ];
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t("admin.attendeesOf", { event: event.title[locale] })}
        lead={`${t("admin.seats")}: ${seatCountText(t, seats)}`}
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
      {actionData?.ok === true ? (
        <Flash>{t(actionData.refunded ? "admin.refundedNotice" : "admin.canceledNotice")}</Flash>
      ) : actionData?.ok === false ? (
        <Flash tone="error">{t(`admin.errors.${actionData.error}`)}</Flash>
      ) : null}
      {confirming ? (
        <ConfirmCancel key={confirming.id} row={confirming} label={cancelLabel(confirming)!} />
      ) : null}
      <RecordTable label={t("admin.attendees")} columns={columns} rows={rows} empty={t("admin.none")} />
    </div>
  );
}

/** The question before a cancellation, with the post that acts and a way back (decision 046). */
function ConfirmCancel({
  row,
  label,
}: {
  row: Attendee;
  label: NonNullable<ReturnType<typeof cancelLabel>>;
}) {
  const { t } = useTranslation("tickets");
  const locale = useLocale();
  const refund = label === "admin.cancelTicket";
  return (
    <ConfirmQuestion
      id="confirm-cancel"
      question={t(`${label}Question`, {
        name: row.name,
        email: row.email,
        count: row.quantity,
        amount: formatMoneyWithCents(row.amountCents, locale),
      })}
    >
      <Form method="post">
        <input type="hidden" name="registration" value={row.id} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="btn-primary">
          {t(refund ? "admin.confirmRefund" : "admin.confirmCancel")}
        </button>
      </Form>
      <Link to={`/admin/registrations/${row.eventSlug}`} className="btn-secondary">
        {t("admin.keep")}
      </Link>
    </ConfirmQuestion>
  );
}
