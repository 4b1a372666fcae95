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
  FilterText,
  Flash,
  Pagination,
  smallButtonClass,
  TableScroll,
  tableClass,
  tdClass,
  thClass,
} from "~/components/admin/ui";
import { pageFromUrl } from "~/server/admin/common.server";
import { formStrings, IdSchema } from "~/server/admin/schemas.server";
import {
  adminUnsubscribe,
  listSubscribers,
  subscriberFiltersFromUrl,
} from "~/server/admin/subscribers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { SUBSCRIBER_STATUSES } from "~/lib/vocabulary";
import { readPostedForm } from "~/server/post-guard.server";
import type { Route } from "./+types/subscribers";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const url = new URL(args.request.url);
  const filters = subscriberFiltersFromUrl(url, pageFromUrl(url));
  return {
    title: adminTitle(args, "subscribers.title"),
    filters,
    list: await listSubscribers(env, filters),
    statuses: SUBSCRIBER_STATUSES,
    query: url.searchParams.toString(),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const formData = readPostedForm(args.context);
  const parsed = v.safeParse(IdSchema, formStrings(formData));
  if (!parsed.success) return data({ unsubscribed: null }, { status: 400 });
  await adminUnsubscribe(env, admin, parsed.output.id);
  return { unsubscribed: String(formData.get("email") ?? "") };
}

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { filters, list, statuses, query } = loaderData;
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete("page");
  return (
    <>
      <AdminPageHeader
        title={t("subscribers.title")}
        actions={
          <a
            href={`/admin/subscribers/export.csv?${exportQuery.toString()}`}
            className="btn-secondary"
            download
          >
            {t("common.exportCsv")}
          </a>
        }
      />
      {actionData?.unsubscribed ? (
        <Flash>{t("subscribers.unsubscribed", { email: actionData.unsubscribed })}</Flash>
      ) : null}
      <FilterBar>
        <FilterSelect
          name="status"
          label={t("common.status")}
          value={filters.status}
          options={statuses.map((status) => ({ value: status, label: t(`subscribers.statuses.${status}`) }))}
        />
        <FilterText name="q" label={t("subscribers.searchLabel")} value={filters.q} />
      </FilterBar>
      {list.rows.length === 0 ? (
        <p className="mt-4">{t("common.none")}</p>
      ) : (
        <TableScroll label={t("subscribers.title")}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("common.email")}</th>
                <th className={thClass}>{t("common.status")}</th>
                <th className={thClass}>{t("subscribers.locale")}</th>
                <th className={thClass}>{t("subscribers.source")}</th>
                <th className={thClass}>{t("subscribers.since")}</th>
                <th className={thClass}>{t("common.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <td className={`${tdClass} break-all`}>{row.email}</td>
                  <td className={tdClass}>
                    <StatusBadge namespace="subscribers" status={row.status} />
                  </td>
                  <td className={tdClass}>{row.locale}</td>
                  <td className={tdClass}>{row.source}</td>
                  <td className={tdClass}>
                    <DateTime iso={row.createdAt} withTime={false} />
                  </td>
                  <td className={tdClass}>
                    {row.status !== "unsubscribed" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <input type="hidden" name="email" value={row.email} />
                        <button
                          type="submit"
                          className={smallButtonClass}
                          aria-label={t("subscribers.unsubscribeLabel", { email: row.email })}
                        >
                          {t("subscribers.unsubscribe")}
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
