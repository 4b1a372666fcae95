import * as v from "valibot";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { DateTime } from "~/components/admin/format";
import { adminMeta } from "~/components/admin/meta";
import { StatusBadge } from "~/components/admin/status";
import {
  AdminPageHeader,
  FilterBar,
  FilterSelect,
  Flash,
  Pagination,
  smallButtonClass,
  TableScroll,
  tableClass,
  tdClass,
  thClass,
} from "~/components/admin/ui";
import { pageFromUrl } from "~/server/admin/common.server";
import {
  adminRetryAllFailed,
  adminRetryOutbox,
  countFailedOutbox,
  isOutboxStatus,
  listOutbox,
} from "~/server/admin/outbox.server";
import { formStrings, IdSchema } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { OUTBOX_STATUSES } from "~/lib/vocabulary";
import { readPostedForm } from "~/server/post-guard.server";
import type { Route } from "./+types/outbox";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const url = new URL(args.request.url);
  const status = url.searchParams.get("status");
  const filters = { status: isOutboxStatus(status) ? status : undefined, page: pageFromUrl(url) };
  return {
    title: adminTitle(args, "outbox.title"),
    filters,
    list: await listOutbox(env, filters),
    failed: await countFailedOutbox(env),
    statuses: OUTBOX_STATUSES,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const fields = formStrings(readPostedForm(args.context));
  if (fields.intent === "retry-all") return { retried: await adminRetryAllFailed(env, admin) };
  const parsed = v.safeParse(IdSchema, fields);
  if (!parsed.success) return data({ retried: null }, { status: 400 });
  const result = await adminRetryOutbox(env, admin, parsed.output.id);
  if (!result) return data({ retried: null }, { status: 404 });
  return { retried: result };
}

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { filters, list, failed, statuses } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("outbox.title")} lead={t("outbox.lead")} />
      {actionData?.retried ? <Flash>{t("outbox.retried", actionData.retried)}</Flash> : null}
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
          value={filters.status}
          options={statuses.map((status) => ({ value: status, label: t(`outbox.statuses.${status}`) }))}
        />
      </FilterBar>
      {list.rows.length === 0 ? (
        <p className="mt-4">{t("common.none")}</p>
      ) : (
        <TableScroll label={t("outbox.title")}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("outbox.created")}</th>
                <th className={thClass}>{t("outbox.to")}</th>
                <th className={thClass}>{t("outbox.subject")}</th>
                <th className={thClass}>{t("common.status")}</th>
                <th className={thClass}>{t("outbox.attempts")}</th>
                <th className={thClass}>{t("common.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <td className={tdClass}>
                    <DateTime iso={row.createdAt} />
                  </td>
                  <td className={`${tdClass} break-all`}>{row.to}</td>
                  <td className={tdClass}>
                    {row.subject}
                    <br />
                    <code className="text-xs text-gray-700 dark:text-gray-300">{row.template}</code>
                    {row.lastError ? (
                      <p className="mt-1 text-xs text-red-800 dark:text-red-200">
                        {t("outbox.lastError")}: {row.lastError}
                      </p>
                    ) : null}
                  </td>
                  <td className={tdClass}>
                    <StatusBadge namespace="outbox" status={row.status} />
                    {row.sentAt ? (
                      <p className="mt-1 text-xs">
                        <DateTime iso={row.sentAt} />
                      </p>
                    ) : null}
                  </td>
                  <td className={`${tdClass} tabular-nums`}>{row.attempts}</td>
                  <td className={tdClass}>
                    {row.status !== "sent" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <button
                          type="submit"
                          className={smallButtonClass}
                          aria-label={t("outbox.retryLabel", { to: row.to })}
                        >
                          {t("outbox.retry")}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
