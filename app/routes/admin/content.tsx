import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import {
  AdminPageHeader,
  Badge,
  FilterBar,
  FilterSelect,
  FilterText,
  Flash,
  inputClass,
  smallButtonClass,
} from "~/components/admin/ui";
import { CopyValueField } from "~/components/admin/copy-value-field";
import { Pagination } from "~/components/admin/data-table";
import { ALL_NAMESPACES } from "~/lib/copy-places";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { editCopy, listContent, TRANSLATION_MAX_LENGTH } from "~/server/admin/content.server";
import { formStrings } from "~/server/admin/schemas.server";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { DateTime } from "~/components/ui/format";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { NAMESPACES } from "~/server/kernel/translations.server";
import type { Route } from "./+types/content";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return {
    title: adminTitle(args, "content.title"),
    list: await listContent(env, new URL(args.request.url), requestLocale(args.context)),
    namespaces: NAMESPACES,
    locales: SUPPORTED_LOCALES,
    maxLength: TRANSLATION_MAX_LENGTH,
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const answer = await editCopy(env, staff, formStrings(readPostedForm(args.context)));
  return data(answer, { status: answer.ok ? 200 : 400 });
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { t: tCommon } = useTranslation("common");
  const { list, namespaces, locales } = loaderData;
  const { filters } = list;
  return (
    <>
      <AdminPageHeader title={t("content.title")} lead={t("content.lead")} />
      {actionData ? (
        <Flash tone={actionData.ok ? "success" : "error"}>
          {t(`content.${actionData.message}`, { key: actionData.key, placeholder: actionData.placeholder })}
        </Flash>
      ) : null}
      <FilterBar>
        <label className="grid text-sm font-semibold">
          {t("content.language")}
          <select name="locale" defaultValue={filters.locale} className={inputClass}>
            {locales.map((code) => (
              <option key={code} value={code}>
                {tCommon(`language.names.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid text-sm font-semibold">
          {t("content.namespace")}
          <select name="namespace" defaultValue={filters.namespace} className={inputClass}>
            <option value={ALL_NAMESPACES}>{t("content.allNamespaces")}</option>
            {/* Each section by the words staff know it by, in their order (decision 059). */}
            {namespaces
              .map((namespace) => ({ namespace, label: t(`content.sections.${namespace}`) }))
              .sort((a, b) => a.label.localeCompare(b.label, i18n.language))
              .map(({ namespace, label }) => (
                <option key={namespace} value={namespace}>
                  {label}
                </option>
              ))}
          </select>
        </label>
        <FilterSelect
          name="review"
          label={t("content.reviewFilter")}
          value={filters.review}
          options={[{ value: "1", label: t("content.needsReview") }]}
        />
        <FilterText name="q" label={t("content.searchLabel")} value={filters.q} />
      </FilterBar>
      {list.rows.length === 0 ? (
        <p className="mt-4">{t("common.none")}</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {list.rows.map((row) => {
            const refused =
              actionData?.value !== undefined &&
              actionData.key === row.key &&
              actionData.namespace === row.namespace;
            const current = refused ? actionData.value! : (row.override ?? row.shipped);
            const fieldId = `value-${row.namespace}-${row.key}`;
            const place = t(`content.places.${row.place}`);
            return (
              <li
                key={`${row.namespace}:${row.key}`}
                className="rounded-xl border border-gray-200 p-4 dark:border-gray-700"
              >
                {/* Named by the page it is on; the key stays as a hint for a search or a developer. */}
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold">{place}</h2>
                  {row.override !== null ? <Badge tone="amber">{t("content.overridden")}</Badge> : null}
                  {row.review ? <Badge tone="red">{t("content.needsReview")}</Badge> : null}
                </div>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
                  <code className="break-all text-gray-700 dark:text-gray-300">{`${row.namespace}:${row.key}`}</code>
                  {row.path ? (
                    <a
                      href={`${row.path}?lng=${filters.locale}`}
                      target="_blank"
                      rel="noopener"
                      className="link tap-target inline-flex items-center"
                      aria-label={t("content.openLabel", { page: row.path, key: row.key })}
                    >
                      {t("content.open", { page: row.path })}
                    </a>
                  ) : (
                    <span className="text-gray-700 dark:text-gray-300">({t("content.notOnPage")})</span>
                  )}
                </p>
                {row.review ? (
                  <p className="mt-1 text-sm">
                    {t("content.reviewWhy", { name: row.review.by })} <DateTime iso={row.review.at} />
                  </p>
                ) : null}
                {row.updatedAt && row.override !== null ? (
                  <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                    {t("content.lastChange", { name: row.updatedByName ?? t("content.someone") })}{" "}
                    <DateTime iso={row.updatedAt} />
                  </p>
                ) : null}
                {filters.locale !== "en" ? (
                  <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                    <span className="font-semibold">{t("content.english")}:</span> {row.english}
                  </p>
                ) : null}
                {row.override !== null ? (
                  <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                    <span className="font-semibold">{t("content.shipped")}:</span> {row.shipped}
                  </p>
                ) : null}
                <Form method="post" noValidate className="mt-2 grid gap-2">
                  <input type="hidden" name="intent" value="save" />
                  <input type="hidden" name="locale" value={filters.locale} />
                  <input type="hidden" name="namespace" value={row.namespace} />
                  <input type="hidden" name="key" value={row.key} />
                  <label htmlFor={fieldId} className="sr-only">
                    {t("content.value", { key: row.key })}
                  </label>
                  <CopyValueField
                    id={fieldId}
                    value={current}
                    lang={filters.locale}
                    maxLength={loaderData.maxLength}
                  />
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="submit"
                      className={smallButtonClass}
                      aria-label={t("content.saveLabel", { key: row.key })}
                    >
                      {t("common.save")}
                    </button>
                  </div>
                </Form>
                {row.review ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="reviewed" />
                    <input type="hidden" name="locale" value={filters.locale} />
                    <input type="hidden" name="namespace" value={row.namespace} />
                    <input type="hidden" name="key" value={row.key} />
                    <button
                      type="submit"
                      className={smallButtonClass}
                      aria-label={t("content.markReviewedLabel", { key: row.key })}
                    >
                      {t("content.markReviewed")}
                    </button>
                  </Form>
                ) : null}
                {row.override !== null ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="reset" />
                    <input type="hidden" name="locale" value={filters.locale} />
                    <input type="hidden" name="namespace" value={row.namespace} />
                    <input type="hidden" name="key" value={row.key} />
                    <button
                      type="submit"
                      className="link tap-target inline-flex items-center text-sm"
                      aria-label={t("content.resetLabel", { key: row.key })}
                    >
                      {t("content.reset")}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
