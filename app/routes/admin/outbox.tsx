import * as v from "valibot";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { DataTable, RowAction, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { StatusBadge } from "~/components/admin/status";
import { AdminPageHeader, FilterBar, FilterSelect, Flash, smallButtonClass } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { adminRetryAllFailed, adminRetryOutbox, outboxPage } from "~/server/admin/outbox.server";
import { formStrings, IdSchema } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { OUTBOX_STATUSES } from "~/lib/vocabulary";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/outbox";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return {
    title: adminTitle(args, "outbox.title"),
    ...(await outboxPage(env, new URL(args.request.url))),
    statuses: OUTBOX_STATUSES,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const fields = formStrings(readPostedForm(args.context));
  if (fields.intent === "retry-all")
    return { retried: null, dueAgain: await adminRetryAllFailed(env, admin), refused: null };
  const parsed = v.safeParse(IdSchema, fields);
  if (!parsed.success)
    return data({ retried: null, dueAgain: null, refused: "common.invalid" as const }, { status: 400 });
  const result = await adminRetryOutbox(env, admin, parsed.output.id);
  if (!result)
    return data({ retried: null, dueAgain: null, refused: "outbox.notRetried" as const }, { status: 404 });
  return { retried: result, dueAgain: null, refused: null };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { list, failed, held, statuses } = loaderData;
  const columns: Column<Row>[] = [
    { header: "outbox.created", cell: (row) => <DateTime iso={row.createdAt} /> },
    { header: "outbox.to", cell: (row) => row.to, className: "whitespace-nowrap" },
    {
      header: "outbox.subject",
      cell: (row) => (
        <>
          {row.subject}
          <br />
          <code className="text-xs text-gray-700 dark:text-gray-300">{row.template}</code>
          {row.lastError ? (
            <p className="mt-1 text-xs text-red-800 dark:text-red-200">
              {t("outbox.lastError")}: {row.lastError}
            </p>
          ) : null}
        </>
      ),
    },
    {
      header: "common.status",
      cell: (row) => (
        <>
          <StatusBadge namespace="outbox" status={row.status} />
          {row.sentAt ? (
            <p className="mt-1 text-xs">
              <DateTime iso={row.sentAt} />
            </p>
          ) : null}
        </>
      ),
    },
    { header: "outbox.attempts", cell: (row) => row.attempts, className: "tabular-nums" },
    {
      header: "common.actions",
      cell: (row) =>
        row.status !== "sent" ? (
          <RowAction fields={{ id: row.id }} label={t("outbox.retryLabel", { to: row.to })}>
            {t("outbox.retry")}
          </RowAction>
        ) : null,
    },
  ];
  return (
    <>
      <AdminPageHeader title={t("outbox.title")} lead={t("outbox.lead")} />
      {held ? (
        <p className="mt-4 rounded-lg border-2 border-red-700 px-4 py-3 font-semibold text-red-800 dark:border-red-300 dark:text-red-200">
          {t(`outbox.held.${held}`)}
        </p>
      ) : null}
      {actionData?.retried ? <Flash>{t("outbox.retried", actionData.retried)}</Flash> : null}
      {actionData?.dueAgain != null ? (
        <Flash>{t("outbox.dueAgain", { count: actionData.dueAgain })}</Flash>
      ) : null}
      {actionData?.refused ? <Flash tone="error">{t(actionData.refused)}</Flash> : null}
      {failed > 0 ? (
        <Form
          method="post"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border-2 border-red-700 px-4 py-3 dark:border-red-300"
        >
          <p className="font-semibold text-red-800 dark:text-red-200">
            {t("outbox.failedNotice", { count: failed })}
          </p>
          <input type="hidden" name="intent" value="retry-all" />
          <button type="submit" className={smallButtonClass}>
            {t("outbox.retryAll")}
          </button>
        </Form>
      ) : null}
      <FilterBar>
        <FilterSelect
          name="status"
          label={t("common.status")}
          value={list.filters.status}
          options={statuses.map((status) => ({ value: status, label: t(`outbox.statuses.${status}`) }))}
        />
      </FilterBar>
      <DataTable label={t("outbox.title")} columns={columns} list={list} />
    </>
  );
}
