import { pageFromUrl } from "~/server/admin/common.server";
import { newYorkDate } from "~/lib/format";
import { csvResponse } from "~/server/admin/csv.server";
import { subscriberFiltersFromUrl, subscribersCsv } from "~/server/admin/subscribers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getRequestContext } from "~/server/context.server";
import type { Route } from "./+types/subscribers-csv";

/** GET /admin/subscribers/export.csv with the list's filters (recorded in the audit log). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { env } = getRequestContext(args.context);
  const url = new URL(args.request.url);
  const csv = await subscribersCsv(env, admin, subscriberFiltersFromUrl(url, pageFromUrl(url)));
  return csvResponse(`subscribers-${newYorkDate()}.csv`, csv);
}
