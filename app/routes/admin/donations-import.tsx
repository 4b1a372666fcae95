import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { RecordTable, type Column } from "~/components/admin/data-table";
import { GiftSelect } from "~/components/admin/gift-fields";
import { adminMeta } from "~/components/admin/meta";
import { FileField } from "~/components/admin/upload-fields";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { translateFieldError } from "~/components/forms/fields";
import { formatMoneyWithCents, useLocale } from "~/lib/format";
import { OFFLINE_GIFT_METHODS } from "~/lib/vocabulary";
import { formStrings } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importGifts,
  importMethod,
  previewGiftImport,
  type ImportPreview,
} from "~/server/donations/import.server";
import { env } from "~/server/kernel/env.server";
import { readPostedForm, readPostedUpload } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/donations-import";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "gifts"] };

/**
 * /admin/donations/import: a bank's, fund's or platform's CSV of gifts, previewed first (what it
 * records, skips and why), recorded only when staff confirm (decision 056). Plain posts, so it
 * works without JavaScript: the upload is multipart, the confirmation a form naming the file.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const search = new URL(args.request.url).searchParams;
  const recorded = search.get("recorded");
  return {
    title: adminTitle(args, "gifts:import.title"),
    maxRows: IMPORT_MAX_ROWS,
    maxMb: IMPORT_MAX_BYTES / 1024 / 1024,
    done: recorded === null ? null : { recorded: Number(recorded), skipped: Number(search.get("skipped")) },
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAdmin(args);
  const contentType = args.request.headers.get("Content-Type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    // The confirmation: the staged file's key and the method chosen for it.
    const values = formStrings(readPostedForm(args.context));
    const method = importMethod(values.method);
    const done = method ? await importGifts(env, staff, values.upload ?? "", method) : null;
    if (!done)
      return data({ refusal: { file: "import.errors.gone" }, method: values.method }, { status: 400 });
    return redirect(`/admin/donations/import?recorded=${done.recorded}&skipped=${done.skipped}`, 303);
  }
  const posted = await readPostedUpload(args, IMPORT_MAX_BYTES);
  const method = importMethod(posted.formData.get("method")) ?? "bank_transfer";
  const file = posted.formData.get("file");
  if (!posted.ok)
    return data(
      {
        refusal: { file: posted.reason === "tooLarge" ? "import.errors.tooLarge" : "import.errors.noFile" },
        method,
      },
      { status: posted.reason === "tooLarge" ? 413 : 400 },
    );
  if (!(file instanceof File) || file.size === 0)
    return data({ refusal: { file: "import.errors.noFile" }, method }, { status: 400 });
  const result = await previewGiftImport(env, { name: file.name, bytes: await file.arrayBuffer() }, method);
  if (!result.ok) return data({ refusal: result.refusal, method }, { status: 400 });
  return { preview: result.preview, method };
}

type Problem = ImportPreview["problems"][number] & { id: string };
type Duplicate = ImportPreview["duplicates"][number] & { id: string };
type Sample = ImportPreview["sample"][number] & { id: string };

export default function AdminDonationsImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("gifts");
  const tag = useLocale();
  const busy = useNavigation().state !== "idle";
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const method = actionData?.method ?? "bank_transfer";
  const money = (cents: number) => formatMoneyWithCents(cents, tag, "usd");
  const methods = OFFLINE_GIFT_METHODS.map((value) => ({ value, label: t(`methods.${value}`) }));

  const problemColumns: Column<Problem>[] = [
    { header: "gifts:import.row", cell: (row) => row.row },
    {
      header: "gifts:import.problem",
      // "form" is the whole row (a value no column allows); any other field is named by its label.
      cell: (row) =>
        row.field === "form"
          ? translateFieldError(t, row.message)
          : `${t(`record.${row.field}`)}: ${translateFieldError(t, row.message)}`,
    },
  ];
  const duplicateColumns: Column<Duplicate>[] = [
    { header: "gifts:import.row", cell: (row) => row.row },
    { header: "gifts:import.problem", cell: (row) => t(`import.duplicate.${row.reason}`) },
  ];
  const sampleColumns: Column<Sample>[] = [
    { header: "gifts:import.row", cell: (row) => row.row },
    { header: "gifts:record.receivedOn", cell: (row) => row.receivedOn, className: "whitespace-nowrap" },
    { header: "gifts:record.amount", cell: (row) => money(row.amountCents), className: "text-right" },
    { header: "gifts:record.donorName", cell: (row) => row.donorName },
    { header: "gifts:record.method", cell: (row) => t(`methods.${row.method}`) },
  ];
  return (
    <>
      <p>
        <Link to="/admin/donations" className="link">
          ← {t("admin:common.back")}
        </Link>
      </p>
      <AdminPageHeader title={t("import.title")} lead={t("import.lead")} />
      {loaderData.done && !actionData ? (
        <Flash>
          {t("import.done", { recorded: loaderData.done.recorded, skipped: loaderData.done.skipped })}
        </Flash>
      ) : null}
      <p className="mt-4 max-w-3xl">{t("import.columns")}</p>

      <Form method="post" encType="multipart/form-data" className="mt-6 grid max-w-xl gap-4" noValidate>
        <FileField
          label={t("import.file")}
          accept=".csv,text/csv"
          hint={t("import.fileHint", { rows: loaderData.maxRows, mb: loaderData.maxMb })}
          error={
            refusal ? t(refusal.file, { columns: "columns" in refusal ? refusal.columns : "" }) : undefined
          }
        />
        <GiftSelect
          name="method"
          label={t("import.method")}
          options={methods}
          values={{ method }}
          errors={{}}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("import.preview")}
          </button>
        </div>
      </Form>

      {preview ? (
        <section aria-labelledby="import-preview" className="mt-10">
          <h2 id="import-preview" className="text-xl font-bold">
            {t("import.previewTitle", { file: preview.fileName })}
          </h2>
          <ul className="mt-3 list-disc pl-6">
            <li>{t("import.read", { count: preview.rows })}</li>
            <li>{t("import.toRecord", { count: preview.toRecord, amount: money(preview.toRecordCents) })}</li>
            <li>{t("import.duplicates", { count: preview.duplicateCount })}</li>
            <li>{t("import.problems", { count: preview.problemRows })}</li>
          </ul>
          {preview.problems.length > 0 ? (
            <>
              <h3 className="mt-6 text-lg font-bold">{t("import.problemsTitle")}</h3>
              <RecordTable
                label={t("import.problemsTitle")}
                columns={problemColumns}
                rows={preview.problems.map((row, index) => ({ ...row, id: `p${index}` }))}
              />
            </>
          ) : null}
          {preview.duplicates.length > 0 ? (
            <>
              <h3 className="mt-6 text-lg font-bold">{t("import.duplicatesTitle")}</h3>
              <RecordTable
                label={t("import.duplicatesTitle")}
                columns={duplicateColumns}
                rows={preview.duplicates.map((row) => ({ ...row, id: `d${row.row}` }))}
              />
            </>
          ) : null}
          {preview.sample.length > 0 ? (
            <>
              <h3 className="mt-6 text-lg font-bold">{t("import.sampleTitle")}</h3>
              <RecordTable
                label={t("import.sampleTitle")}
                columns={sampleColumns}
                rows={preview.sample.map((row) => ({ ...row, id: `s${row.row}` }))}
              />
            </>
          ) : null}
          {preview.toRecord > 0 ? (
            <Form method="post" className="mt-6">
              <input type="hidden" name="upload" value={preview.upload} />
              <input type="hidden" name="method" value={preview.method} />
              <p className="max-w-3xl">{t("import.confirmLead")}</p>
              <button type="submit" className="btn-primary mt-3" disabled={busy}>
                {t("import.confirm", { count: preview.toRecord })}
              </button>
            </Form>
          ) : (
            <p className="mt-6 font-semibold">{t("import.nothing")}</p>
          )}
        </section>
      ) : null}
    </>
  );
}
