import { requireStaff } from "~/server/auth/guards.server";
import { rosterCsv } from "~/server/families/session-records.server";
import { env } from "~/server/kernel/env.server";
import { csvResponse } from "~/server/records/csv.server";
import type { Route } from "./+types/program-session-roster-csv";

/** GET /admin/program-sessions/:id/roster.csv: the session's roster, streamed and audited (decision 054). */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  return csvResponse(`program-roster-${args.params.id}.csv`, await rosterCsv(env, staff, args.params.id));
}
