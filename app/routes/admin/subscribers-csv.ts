import { newYorkDate } from "~/lib/format";
import { csvResponse } from "~/server/admin/csv.server";
import { subscribersCsv, SubscriberFiltersSchema } from "~/server/admin/subscribers.server";
import { listQuery } from "~/server/admin/list.server";
import { requireStaff } from "~/server/auth/guards.server";
import { getRequestContext } from "~/server/kernel/context.server";
import type { Route } from "./+types/subscribers-csv";

/** GET /admin/subscribers/export.csv with the list's filters (recorded in the audit log). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireStaff(args);
  const { env } = getRequestContext(args.context);
  const { filters } = listQuery(SubscriberFiltersSchema, new URL(args.request.url));
  return csvResponse(`subscribers-${newYorkDate()}.csv`, await subscribersCsv(env, admin, filters));
}
