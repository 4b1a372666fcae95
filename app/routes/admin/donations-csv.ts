import { newYorkDate } from "~/lib/format";
import { csvResponse } from "~/server/records/csv.server";
import { donationsCsv, DonationFiltersSchema } from "~/server/admin/donations.server";
import { listQuery } from "~/server/records/list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/donations-csv";
import { env } from "~/server/kernel/env.server";

/** GET /admin/donations/export.csv with the list's filters (recorded in the audit log). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { filters } = listQuery(DonationFiltersSchema, new URL(args.request.url));
  return csvResponse(`donations-${newYorkDate()}.csv`, await donationsCsv(env, admin, filters));
}
