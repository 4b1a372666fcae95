import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { RecordTable, type Column } from "~/components/admin/data-table";
import { GiftSelect } from "~/components/admin/gift-fields";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, ConfirmQuestion, Flash, LabelledField } from "~/components/admin/ui";
import { errorsInOneLine } from "~/components/forms/fields";
import { formatMoneyWithCents, formatNewYorkDate, formatNumber, useLocale } from "~/lib/format";
import type { ImportSampleRow } from "~/lib/imports";
import { OFFLINE_GIFT_METHODS } from "~/lib/vocabulary";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { IMPORT_SPECS } from "~/server/imports/kinds.server";
import {
  confirmImport,
  getImport,
  IMPORT_BATCH_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  mapColumns,
  runImportBatch,
  sampleRows,
  undoImport,
} from "~/server/imports/jobs.server";
import { env } from "~/server/kernel/env.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/imports-job";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "imports", "gifts"] };

/**
 * /admin/imports/:id (ADMIN): one import's steps on one page (decision 069): map the columns,
 * the dry run, the go-ahead, the import, its report and its undoing. Each post is a plain form
 * answered with a redirect to this page; a running step moves on one batch per "continue", which
 * the page posts by itself with JavaScript and staff press without.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const job = await getImport(env, args.params.id);
  if (!job) throw data(null, { status: 404 });
  const search = new URL(args.request.url).searchParams;
  const mapping = job.status === "mapping" || (job.status === "checked" && search.has("remap"));
  return {
    title: adminTitle(args, "imports:job.title", { file: job.fileName }),
    job,
    fields: IMPORT_SPECS[job.kind].fields,
    samples: mapping ? await sampleRows(env, job) : [],
    mapping,
    askUndo: job.status === "imported" && search.has("undo"),
    removed: search.get("removed"),
    batchRows: IMPORT_BATCH_ROWS,
    limits: { rows: IMPORT_MAX_ROWS, mb: IMPORT_MAX_BYTES / 1024 / 1024 },
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAdmin(args);
  const job = await getImport(env, args.params.id);
  if (!job) throw data(null, { status: 404 });
  const form = readPostedForm(args.context);
  const here = `/admin/imports/${job.id}`;
  const intent = form.get("intent");
  if (intent === "map") {
    const mapping = job.headers.map((_, index) => String(form.get(`column-${index}`) ?? ""));
    const giftMethod = String(form.get("method") ?? "");
    const mapped = await mapColumns(env, job, mapping, giftMethod);
    if (!mapped.ok) return data({ problem: mapped, mapping, giftMethod }, { status: 400 });
  } else if (intent === "continue") {
    try {
      await runImportBatch(env, job.id);
    } catch {
      // The batch wrote nothing (its rows and the job's step are one D1 batch): it is tried again.
      return data({ failed: true as const }, { status: 503 });
    }
  } else if (intent === "import") {
    await confirmImport(env, staff, job);
  } else if (intent === "undo") {
    const undone = await undoImport(env, staff, job);
    if (!undone.ok) return data({ undo: undone }, { status: 409 });
    return redirect(`${here}?removed=${undone.removed}`, 303);
  }
  return redirect(here, 303);
}

type Sample = ImportSampleRow & { id: string };

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  // A gift row's messages are the gift form's (gifts namespace), loaded with the page's own.
  const { t } = useTranslation(["imports", "gifts"]);
  const tag = useLocale();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  const { job, fields } = loaderData;
  const running = job.status === "checking" || job.status === "importing";
  const failed = actionData && "failed" in actionData;

  // With JavaScript the page moves the job on by itself, a batch a post, until the step is done.
  useEffect(() => {
    if (running && !failed && navigation.state === "idle")
      void submit({ intent: "continue" }, { method: "post", replace: true, preventScrollReset: true });
  }, [running, failed, navigation.state, job.nextBatch, job.status, submit]);

  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  const postedMapping = actionData && "mapping" in actionData ? actionData.mapping : job.mapping;
  // A count for the plural's choice, and the same count as this language writes it (4,988; 4988).
  const number = (count: number) => ({ count, n: formatNumber(count, tag) });
  const fieldList = (names: string[]) => names.map((name) => t(`fields.${name}`)).join(", ");
  const sampleColumns: Column<Sample>[] = [
    { header: "imports:sampleColumns.row", cell: (row) => row.row, className: "text-right" },
    { header: "imports:sampleColumns.who", cell: (row) => row.label || "—" },
    ...(job.kind === "gifts"
      ? [
          {
            header: "imports:sampleColumns.amount",
            cell: (row: Sample) =>
              row.amountCents === undefined ? "—" : formatMoneyWithCents(row.amountCents, tag),
            className: "text-right whitespace-nowrap",
          },
        ]
      : []),
    {
      header: "imports:sampleColumns.outcome",
      cell: (row) =>
        row.outcome === "skip"
          ? t("outcome.skip", { why: errorsInOneLine(t, row.reasons) })
          : t(`outcome.${row.outcome}`),
    },
  ];
  const done = Math.min(job.nextBatch * loaderData.batchRows, job.rows);

  return (
    <>
      <p>
        <Link to="/admin/imports" className="link">
          ← {t("job.back")}
        </Link>
      </p>
      <AdminPageHeader
        title={t("job.title", { file: job.fileName })}
        lead={[
          job.rows
            ? t("job.kindLine", { kind: t(`kinds.${job.kind}`), rows: formatNumber(job.rows, tag) })
            : t(`kinds.${job.kind}`),
          t(`status.${job.status}`),
        ].join(" · ")}
      />
      {loaderData.removed !== null ? (
        <Flash>{t("imported.undone", number(Number(loaderData.removed)))}</Flash>
      ) : null}
      {actionData && "undo" in actionData ? (
        <Flash tone="error">
          {actionData.undo.reason === "used"
            ? t("errors.used", number(actionData.undo.count))
            : t("errors.status")}
        </Flash>
      ) : null}

      {loaderData.mapping ? (
        <section aria-labelledby="mapping" className="mt-8">
          <h2 id="mapping" className="text-xl font-bold">
            {t("mapping.title")}
          </h2>
          <p className="mt-2 max-w-3xl">{t("mapping.lead")}</p>
          {problem ? (
            <Flash tone="error">
              {"missing" in problem
                ? t("mapping.missing", { fields: fieldList(problem.missing) })
                : "twice" in problem
                  ? t("mapping.twice", { fields: fieldList(problem.twice) })
                  : t(`errors.${problem.refusal}`, {
                      ...loaderData.limits,
                      rows: formatNumber(loaderData.limits.rows, tag),
                    })}
            </Flash>
          ) : null}
          <Form method="post" className="mt-6 grid max-w-xl gap-4" noValidate>
            <input type="hidden" name="intent" value="map" />
            {job.headers.map((header, index) => {
              const examples = loaderData.samples
                .map((row) => row[index]?.trim())
                .filter(Boolean)
                .slice(0, 3);
              return (
                <LabelledField
                  key={index}
                  name={`column-${index}`}
                  label={t("mapping.column", { header: header || index + 1 })}
                  hint={
                    examples.length > 0 ? t("mapping.examples", { values: examples.join(" · ") }) : undefined
                  }
                  errors={{}}
                >
                  {(control) => (
                    <select {...control} defaultValue={postedMapping[index] ?? ""}>
                      <option value="">{t("mapping.skip")}</option>
                      {fields.map((field) => (
                        <option key={field} value={field}>
                          {t(`fields.${field}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </LabelledField>
              );
            })}
            {job.kind === "gifts" ? (
              <GiftSelect
                name="method"
                label={t("mapping.method")}
                options={OFFLINE_GIFT_METHODS.map((value) => ({ value, label: t(`gifts:methods.${value}`) }))}
                values={{
                  method:
                    actionData && "giftMethod" in actionData
                      ? actionData.giftMethod
                      : (job.giftMethod ?? undefined),
                }}
                errors={{}}
              />
            ) : null}
            <div>
              <button type="submit" className="btn-primary" disabled={busy}>
                {t("mapping.run")}
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      {running ? (
        <section aria-labelledby="progress" className="mt-8">
          <h2 id="progress" className="text-xl font-bold">
            {t(`status.${job.status}`)}
          </h2>
          <p role="status" className="mt-2 font-semibold">
            {t(`progress.${job.status}`, {
              done: formatNumber(done, tag),
              total: formatNumber(job.rows, tag),
            })}
          </p>
          <progress
            className="mt-2 w-full max-w-xl"
            max={job.batches}
            value={job.nextBatch}
            aria-hidden="true"
          />
          {failed ? <Flash tone="error">{t("progress.failed")}</Flash> : null}
          <p className="mt-2 max-w-3xl">{t("progress.lead", { rows: loaderData.batchRows })}</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="continue" />
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("progress.continue")}
            </button>
          </Form>
        </section>
      ) : null}

      {job.status === "checked" && !loaderData.mapping ? (
        <section aria-labelledby="checked" className="mt-8">
          <h2 id="checked" className="text-xl font-bold">
            {t("checked.title")}
          </h2>
          <ul className="mt-3 list-disc pl-6">
            <li>{t("checked.create", number(job.checkedCreate))}</li>
            {job.kind === "gifts" ? null : <li>{t("checked.match", number(job.checkedMatch))}</li>}
            <li>{t("checked.skip", number(job.checkedSkip))}</li>
          </ul>
          <h3 className="mt-6 text-lg font-bold">{t("checked.sample")}</h3>
          <RecordTable
            label={t("checked.sample")}
            columns={sampleColumns}
            rows={job.preview.map((row) => ({ ...row, id: String(row.row) }))}
          />
          {job.checkedCreate > 0 ? (
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="import" />
              <p className="max-w-3xl">{t("checked.confirmLead")}</p>
              <button type="submit" className="btn-primary mt-3" disabled={busy}>
                {t("checked.import", number(job.checkedCreate))}
              </button>
            </Form>
          ) : (
            <p className="mt-6 font-semibold">{t("checked.nothing")}</p>
          )}
          <p className="mt-4">
            <Link to="?remap" className="link">
              {t("checked.remap")}
            </Link>
          </p>
        </section>
      ) : null}

      {job.status === "imported" ? (
        <section aria-labelledby="imported" className="mt-8">
          <h2 id="imported" className="text-xl font-bold">
            {t("imported.title")}
          </h2>
          <p className="mt-2">
            {t("imported.summary", {
              created: formatNumber(job.created, tag),
              matched: formatNumber(job.matched, tag),
              skipped: formatNumber(job.skipped, tag),
            })}
          </p>
          <p className="mt-4">
            {job.skipped > 0 ? (
              <a href={`/admin/imports/${job.id}/skipped.csv`} className="link" download>
                {t("imported.report")}
              </a>
            ) : (
              t("imported.noSkips")
            )}
          </p>
          <p className="mt-6 max-w-3xl">{t("imported.undoLead")}</p>
          {loaderData.askUndo ? (
            <ConfirmQuestion id="undo-question" question={t("imported.undoQuestion", number(job.created))}>
              <Form method="post">
                <input type="hidden" name="intent" value="undo" />
                <button type="submit" className="btn-primary" disabled={busy}>
                  {t("imported.undoConfirm")}
                </button>
              </Form>
              <Link to="." className="btn-secondary">
                {t("imported.undoCancel")}
              </Link>
            </ConfirmQuestion>
          ) : (
            <p className="mt-3">
              <Link to="?undo" className="btn-secondary">
                {t("imported.undo")}
              </Link>
            </p>
          )}
        </section>
      ) : null}

      {job.status === "undone" && job.undoneAt ? (
        <p className="mt-8 font-semibold">
          {t("undone.title", { date: formatNewYorkDate(job.undoneAt, tag, "medium") })}
        </p>
      ) : null}
    </>
  );
}
