import * as v from "valibot";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { DateTime } from "~/components/admin/format";
import { adminMeta } from "~/components/admin/meta";
import {
  AdminPageHeader,
  FilterBar,
  FilterSelect,
  FilterText,
  Flash,
  inputClass,
  Pagination,
  smallButtonClass,
  TableScroll,
  tableClass,
  tdClass,
  thClass,
} from "~/components/admin/ui";
import { pageFromUrl } from "~/server/admin/common.server";
import { formStrings, RoleChangeSchema } from "~/server/admin/schemas.server";
import { isRole, listUsers, setUserRole } from "~/server/admin/users.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { getRequestContext } from "~/server/context.server";
import { ROLES } from "~/lib/vocabulary";
import { readPostedForm } from "~/server/post-guard.server";
import type { Route } from "./+types/users";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const url = new URL(args.request.url);
  const role = url.searchParams.get("role");
  const q = url.searchParams.get("q")?.trim().slice(0, 200) || undefined;
  const filters = { role: isRole(role) ? role : undefined, q, page: pageFromUrl(url) };
  return {
    title: adminTitle(args, "users.title"),
    filters,
    list: await listUsers(env, filters),
    roles: ROLES,
    currentUserId: admin.id,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const formData = readPostedForm(args.context);
  const parsed = v.safeParse(RoleChangeSchema, formStrings(formData));
  if (!parsed.success) return data({ ok: false as const, reason: "invalid" as const }, { status: 400 });
  const result = await setUserRole(env, admin, parsed.output.id, parsed.output.role);
  if (!result.ok)
    return data(
      { ok: false as const, reason: result.reason },
      { status: result.reason === "not-found" ? 404 : 409 },
    );
  return { ok: true as const, email: String(formData.get("email") ?? ""), role: parsed.output.role };
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { filters, list, roles, currentUserId } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("users.title")} />
      {actionData?.ok === true ? (
        <Flash>
          {t("users.roleChanged", { email: actionData.email, role: t(`users.roles.${actionData.role}`) })}
        </Flash>
      ) : actionData?.ok === false && actionData.reason === "last-admin" ? (
        <Flash tone="error">{t("users.lastAdmin")}</Flash>
      ) : null}
      <FilterBar>
        <FilterSelect
          name="role"
          label={t("users.role")}
          value={filters.role}
          options={roles.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
        />
        <FilterText name="q" label={t("users.searchLabel")} value={filters.q} />
      </FilterBar>
      {list.rows.length === 0 ? (
        <p className="mt-4">{t("common.none")}</p>
      ) : (
        <TableScroll label={t("users.title")}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("common.name")}</th>
                <th className={thClass}>{t("common.email")}</th>
                <th className={thClass}>{t("users.created")}</th>
                <th className={thClass}>{t("users.role")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <td className={tdClass}>
                    {row.name || "—"}
                    {row.id === currentUserId ? ` (${t("users.you")})` : null}
                  </td>
                  <td className={`${tdClass} break-all`}>{row.email}</td>
                  <td className={tdClass}>
                    <DateTime iso={row.createdAt} withTime={false} />
                  </td>
                  <td className={tdClass}>
                    <Form method="post" className="flex flex-wrap items-center gap-2" key={row.role}>
                      <input type="hidden" name="id" value={row.id} />
                      <input type="hidden" name="email" value={row.email} />
                      <label className="sr-only" htmlFor={`role-${row.id}`}>
                        {t("users.roleLabel", { email: row.email })}
                      </label>
                      <select
                        id={`role-${row.id}`}
                        name="role"
                        defaultValue={row.role}
                        className={`${inputClass} mt-0 w-auto`}
                      >
                        {roles.map((role) => (
                          <option key={role} value={role}>
                            {t(`users.roles.${role}`)}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className={smallButtonClass}>
                        {t("users.changeRole")}
                      </button>
                    </Form>
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
