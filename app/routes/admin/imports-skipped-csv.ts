import { data } from "react-router";
import { errorsInOneLine } from "~/components/forms/fields";
import { requireAdmin } from "~/server/auth/guards.server";
import { getImport, skippedRowsCsv } from "~/server/imports/jobs.server";
import { env } from "~/server/kernel/env.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { csvResponse } from "~/server/records/csv.server";
import type { Route } from "./+types/imports-skipped-csv";

/**
 * GET /admin/imports/:id/skipped.csv: the bad-rows report, every row the import skipped with why
 * (in the page's language) and the row as the file had it, to correct and upload again (decision 069).
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const job = await getImport(env, args.params.id);
  if (!job) throw data(null, { status: 404 });
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "imports");
  const name = job.fileName.replace(/\.csv$/i, "");
  return csvResponse(
    `${name}-skipped.csv`,
    skippedRowsCsv(env, job, (reasons) => errorsInOneLine(t, reasons), {
      row: t("report.row"),
      reason: t("report.reason"),
    }),
  );
}
