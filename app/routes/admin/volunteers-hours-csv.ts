import { csvResponse } from "~/server/records/csv.server";
import { requireStaff } from "~/server/auth/guards.server";
import { hoursPeriod } from "~/server/volunteers/admin.server";
import { hoursCsv } from "~/server/volunteers/hours.server";
import type { Route } from "./+types/volunteers-hours-csv";
import { env } from "~/server/kernel/env.server";

/** GET /admin/volunteers/hours.csv?from=&to=: hours per volunteer and role for grant reports (audited). */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const period = hoursPeriod(new URL(args.request.url));
  return csvResponse(`volunteer-hours-${period.from}-${period.to}.csv`, await hoursCsv(env, staff, period));
}
