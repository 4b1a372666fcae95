import { newYorkDate } from "~/lib/format";
import { csvResponse } from "~/server/records/csv.server";
import { subscribersCsv, SubscriberFiltersSchema } from "~/server/admin/subscribers.server";
import { listQuery } from "~/server/records/list.server";
import { requireStaff } from "~/server/auth/guards.server";
import type { Route } from "./+types/subscribers-csv";
import { env } from "~/server/kernel/env.server";

/** GET /admin/subscribers/export.csv with the list's filters (recorded in the audit log). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireStaff(args);
  const { filters } = listQuery(SubscriberFiltersSchema, new URL(args.request.url));
  return csvResponse(`subscribers-${newYorkDate()}.csv`, await subscribersCsv(env, admin, filters));
}
