import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { FileSelect, TextField } from "~/components/admin/upload-fields";
import { AdminPageHeader, Badge, Flash, smallButtonClass } from "~/components/admin/ui";
import { translateFieldError } from "~/components/forms/fields";
import { pageOf } from "~/server/admin/list.server";
import { formStrings } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { fileChoices } from "~/server/files/records.server";
import { deleteReport, listReports, REPORT_LIMITS, saveReport } from "~/server/files/reports.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/reports";

export const meta = adminMeta;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const reports = await listReports(env);
  const editId = new URL(args.request.url).searchParams.get("edit");
  return {
    title: adminTitle(args, "reports.title"),
    list: pageOf(reports, reports.length, { filters: {}, page: 1 }, Math.max(1, reports.length)),
    editing: reports.find((report) => report.id === editId) ?? null,
    pdfs: await fileChoices(env, "pdf"),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const fields = formStrings(readPostedForm(args.context));
  const result =
    fields.intent === "delete"
      ? await deleteReport(env, admin, fields.id ?? "")
      : await saveReport(env, admin, fields);
  return result.ok ? result : data(result, { status: 400 });
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { list, editing, pdfs } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData?.ok === false ? actionData : null;
  const values = failed?.values ?? (editing ? { ...editing, year: String(editing.year) } : {});
  const error = (field: string) => {
    const key = failed?.errors[field];
    return key ? translateFieldError(t, key) : undefined;
  };
  const spanish = i18n.language === "es";
  const columns: Column<Row>[] = [
    { header: "reports.year", cell: (row) => row.year },
    { header: "reports.titleColumn", cell: (row) => (spanish ? row.titleEs : row.titleEn) },
    {
      header: "reports.pdf",
      cell: (row) =>
        row.pdf ? (
          <a href={row.pdf.url} className="link">
            {t("reports.download")}
          </a>
        ) : (
          <Badge tone="amber">{t("reports.notPublished")}</Badge>
        ),
    },
    {
      header: "common.actions",
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <Link to={`?edit=${row.id}`} className={smallButtonClass}>
            {t("reports.edit", { title: row.titleEn })}
          </Link>
          <Form method="post">
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" name="intent" value="delete" className={smallButtonClass}>
              {t("reports.delete", { title: row.titleEn })}
            </button>
          </Form>
        </div>
      ),
    },
  ];
  return (
    <>
      <AdminPageHeader title={t("reports.title")} lead={t("reports.lead")} />
      {actionData?.ok === true ? (
        <Flash>{t(`reports.${actionData.saved}`)}</Flash>
      ) : failed ? (
        <Flash tone="error">{error("form") ?? t("common.invalid")}</Flash>
      ) : null}
      <DataTable label={t("reports.title")} columns={columns} list={list} />
      <Form
        method="post"
        key={editing?.id ?? "new"}
        className="mt-8 grid max-w-2xl gap-4 rounded-xl border border-gray-200 p-5 dark:border-gray-700"
        aria-labelledby="report-editor"
      >
        <h2 id="report-editor" className="text-xl font-bold">
          {editing ? t("reports.editTitle", { title: editing.titleEn }) : t("reports.newTitle")}
        </h2>
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField
          name="year"
          label={t("reports.year")}
          required
          defaultValue={values.year}
          error={error("year")}
        />
        <TextField
          name="titleEn"
          label={t("reports.titleEn")}
          required
          maxLength={REPORT_LIMITS.title}
          defaultValue={values.titleEn}
          error={error("titleEn")}
        />
        <TextField
          name="titleEs"
          label={t("reports.titleEs")}
          required
          maxLength={REPORT_LIMITS.title}
          defaultValue={values.titleEs}
          error={error("titleEs")}
        />
        <TextField
          name="summaryEn"
          label={t("reports.summaryEn")}
          required
          multiline
          maxLength={REPORT_LIMITS.summary}
          defaultValue={values.summaryEn}
          error={error("summaryEn")}
        />
        <TextField
          name="summaryEs"
          label={t("reports.summaryEs")}
          required
          multiline
          maxLength={REPORT_LIMITS.summary}
          defaultValue={values.summaryEs}
          error={error("summaryEs")}
        />
        <FileSelect
          name="fileId"
          label={t("reports.pdf")}
          hint={t("reports.pdfHint")}
          emptyLabel={t("reports.noPdf")}
          choices={pdfs}
          defaultValue={values.fileId}
          error={error("fileId")}
        />
        <p>
          <Link to="/admin/files" className="link">
            {t("reports.uploadLink")}
          </Link>
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            {t("common.save")}
          </button>
          {editing ? (
            <Link to="/admin/reports" className="btn-secondary">
              {t("reports.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}
