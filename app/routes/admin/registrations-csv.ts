import { data } from "react-router";
import { csvResponse } from "~/server/records/csv.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { eventRegistrationsCsv } from "~/server/events/admin.server";
import type { Route } from "./+types/registrations-csv";
import { env } from "~/server/kernel/env.server";

/** GET /admin/registrations/:slug/export.csv: the attendee list (recorded in the audit log). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const csv = await eventRegistrationsCsv(env, admin, args.params.slug);
  if (csv === null) throw data(null, { status: 404 });
  return csvResponse(`attendees-${args.params.slug}.csv`, csv);
}
