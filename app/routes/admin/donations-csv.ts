import { newYorkDate } from "~/lib/format";
import { csvResponse } from "~/server/admin/csv.server";
import { donationsCsv, DonationFiltersSchema } from "~/server/admin/donations.server";
import { listQuery } from "~/server/admin/list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getRequestContext } from "~/server/kernel/context.server";
import type { Route } from "./+types/donations-csv";

/** GET /admin/donations/export.csv with the list's filters (recorded in the audit log). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const { filters } = listQuery(DonationFiltersSchema, new URL(args.request.url));
  return csvResponse(`donations-${newYorkDate()}.csv`, await donationsCsv(env, admin, filters));
}
