import { newYorkDate } from "~/lib/format";
import { csvResponse } from "~/server/records/csv.server";
import { isSubmissionKind, submissionsCsv } from "~/server/admin/submissions.server";
import { requireStaff } from "~/server/auth/guards.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import type { Route } from "./+types/submissions-csv";
import { env } from "~/server/kernel/env.server";

/**
 * GET /admin/submissions/export.csv[?kind=…&status=…&assigned=…&q=…]: the list's filters; one
 * form's submissions when it is filtered to one, else every form's (decision 057). Audited.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args);
  const url = new URL(args.request.url);
  const locale = getLocale(args.context);
  const i18n = getInstance(args.context);
  const csv = await submissionsCsv(env, actor, url, {
    forms: i18n.getFixedT(locale, "forms"),
    email: i18n.getFixedT(locale, "email"),
  });
  const kind = url.searchParams.get("kind");
  return csvResponse(`submissions-${isSubmissionKind(kind) ? kind : "all"}-${newYorkDate()}.csv`, csv);
}
