import { calendarFileResponse } from "~/server/calendar-file.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { shiftTitle } from "~/server/volunteers/mail.server";
import { findShift } from "~/server/volunteers/shifts.server";
import type { Route } from "./+types/shift-ics";
import { env } from "~/server/kernel/env.server";

/**
 * GET /volunteer/shifts/:id/calendar.ics — one volunteer shift for any calendar app, linked from
 * its reminder (decision 055). Shifts are listed on /volunteer, so the file needs no key.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const shift = await findShift(env, params.id);
  if (!shift || shift.status !== "scheduled") return new Response("Not found", { status: 404 });
  const title = shiftTitle(shift, getLocale(context));
  return calendarFileResponse({
    uid: `shift-${shift.id}@${new URL(env.SITE_URL).hostname}`,
    start: new Date(shift.startsAt),
    end: new Date(shift.endsAt),
    summary: title,
    description: title,
    location: shift.place,
    url: new URL("/volunteer/me", env.SITE_URL).toString(),
    filename: `shift-${shift.id}`,
  });
}
