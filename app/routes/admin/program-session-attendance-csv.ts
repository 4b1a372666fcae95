import { requireStaff } from "~/server/auth/guards.server";
import { attendanceCsv } from "~/server/families/session-records.server";
import { env } from "~/server/kernel/env.server";
import { csvResponse } from "~/server/records/csv.server";
import type { Route } from "./+types/program-session-attendance-csv";

/** GET /admin/program-sessions/:id/attendance.csv: every mark of the session, streamed and audited (decision 054). */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  return csvResponse(
    `program-attendance-${args.params.id}.csv`,
    await attendanceCsv(env, staff, args.params.id),
  );
}
