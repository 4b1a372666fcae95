import { csvResponse } from "~/server/records/csv.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { campaignPeriod, campaignTotalsCsv } from "~/server/campaigns.server";
import { env } from "~/server/kernel/env.server";
import { data } from "react-router";
import type { Route } from "./+types/campaigns-csv";

/** GET /admin/campaigns/export.csv?from=&to=: the page's totals as a file (recorded in the audit log). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { period, reversed } = campaignPeriod(new URL(args.request.url));
  if (reversed) throw data(null, { status: 400 });
  return csvResponse(
    `campaigns-${period.from}-${period.to}.csv`,
    await campaignTotalsCsv(env, admin, period),
  );
}
