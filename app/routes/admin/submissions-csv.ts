import { newYorkDate } from "~/lib/format";
import { csvResponse } from "~/server/admin/csv.server";
import { isSubmissionKind, isSubmissionStatus, submissionsCsv } from "~/server/admin/submissions.server";
import { requireStaff } from "~/server/auth/guards.server";
import { getRequestContext } from "~/server/kernel/context.server";
import type { Route } from "./+types/submissions-csv";

/** GET /admin/submissions/export.csv?kind=…[&status=…]: one kind per file, its fields as columns, recorded in the audit log. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireStaff(args);
  const { env } = getRequestContext(args.context);
  const url = new URL(args.request.url);
  const kind = url.searchParams.get("kind");
  const status = url.searchParams.get("status");
  if (!isSubmissionKind(kind)) return new Response("Choose a kind.", { status: 400 });
  const csv = await submissionsCsv(env, admin, kind, isSubmissionStatus(status) ? status : undefined);
  return csvResponse(`submissions-${kind}-${newYorkDate()}.csv`, csv);
}
