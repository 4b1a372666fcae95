import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { RecordTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { FileField } from "~/components/admin/upload-fields";
import { AdminPageHeader } from "~/components/admin/ui";
import { DateTime } from "~/components/ui/format";
import { formatNumber, useLocale } from "~/lib/format";
import { IMPORT_KINDS, isImportKind } from "~/lib/imports";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  recentImports,
  startImport,
} from "~/server/imports/jobs.server";
import { env } from "~/server/kernel/env.server";
import { readPostedUpload } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/imports";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "imports"] };

const limits = { rows: IMPORT_MAX_ROWS, mb: IMPORT_MAX_BYTES / 1024 / 1024, columns: IMPORT_MAX_COLUMNS };

/**
 * /admin/imports (ADMIN): the kind of file first, then the file; each upload becomes a job whose
 * own page maps its columns, dry-runs and imports it (decision 069). A plain multipart post, so
 * it works without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const kind = new URL(args.request.url).searchParams.get("kind");
  return {
    title: adminTitle(args, "imports:title"),
    kind: isImportKind(kind) ? kind : null,
    imports: await recentImports(env),
    limits,
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAdmin(args);
  const posted = await readPostedUpload(args, IMPORT_MAX_BYTES);
  const kind = posted.formData.get("kind");
  const keptKind = isImportKind(kind) ? kind : null;
  if (!posted.ok)
    return data(
      { refusal: posted.reason === "tooLarge" ? ("tooLarge" as const) : ("noFile" as const), kind: keptKind },
      { status: posted.reason === "tooLarge" ? 413 : 400 },
    );
  const file = posted.formData.get("file");
  if (!isImportKind(kind)) return data({ refusal: "kind" as const, kind: keptKind }, { status: 400 });
  if (!(file instanceof File) || file.size === 0)
    return data({ refusal: "noFile" as const, kind: keptKind }, { status: 400 });
  const started = await startImport(env, staff, kind, { name: file.name, bytes: await file.arrayBuffer() });
  if (!started.ok) return data({ refusal: started.refusal, kind: keptKind }, { status: 400 });
  return redirect(`/admin/imports/${started.id}`, 303);
}

type Row = Route.ComponentProps["loaderData"]["imports"][number];

export default function AdminImports({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("imports");
  const tag = useLocale();
  const limits = { ...loaderData.limits, rows: formatNumber(loaderData.limits.rows, tag) };
  const busy = useNavigation().state !== "idle";
  const refusal = actionData?.refusal ?? null;
  const kind = actionData ? actionData.kind : loaderData.kind;
  const columns: Column<Row>[] = [
    {
      header: "imports:columns.file",
      cell: (row) => (
        <Link to={`/admin/imports/${row.id}`} className="link">
          {row.fileName}
        </Link>
      ),
    },
    { header: "imports:columns.kind", cell: (row) => t(`kinds.${row.kind}`) },
    { header: "imports:columns.status", cell: (row) => t(`status.${row.status}`) },
    { header: "imports:columns.rows", cell: (row) => row.rows, className: "text-right" },
    { header: "imports:columns.created", cell: (row) => row.created, className: "text-right" },
    { header: "imports:columns.started", cell: (row) => <DateTime iso={row.createdAt} /> },
  ];
  return (
    <>
      <AdminPageHeader title={t("title")} lead={t("lead")} />
      <Form method="post" encType="multipart/form-data" className="mt-6 grid max-w-xl gap-4" noValidate>
        <fieldset aria-describedby={refusal === "kind" ? "kind-error" : undefined}>
          <legend className="font-semibold">{t("kind.legend")}</legend>
          {refusal === "kind" ? (
            <p id="kind-error" className="mt-1 font-semibold text-red-800 dark:text-red-200">
              {t("errors.kind")}
            </p>
          ) : null}
          <div className="mt-2 grid gap-1">
            {IMPORT_KINDS.map((value) => (
              <label key={value} className="tap-target flex items-center gap-3">
                <input
                  type="radio"
                  name="kind"
                  value={value}
                  defaultChecked={kind === value}
                  className="focus-ring h-5 w-5"
                />
                {t(`kind.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <FileField
          label={t("file")}
          accept=".csv,text/csv"
          hint={t("fileHint", limits)}
          error={refusal && refusal !== "kind" ? t(`errors.${refusal}`, limits) : undefined}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("upload")}
          </button>
        </div>
      </Form>

      <h2 className="mt-10 text-xl font-bold">{t("recent")}</h2>
      <RecordTable label={t("recent")} columns={columns} rows={loaderData.imports} empty={t("none")} />
    </>
  );
}
