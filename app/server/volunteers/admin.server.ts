import { data, type RouterContextProvider } from "react-router";
import { localized } from "~/lib/content/entry-types";
import { newYorkDate } from "~/lib/format";
import type { Locale } from "~/lib/i18n";
import type { SessionUser } from "~/lib/session-user";
import { clearancesNamedIn, MoveShiftSchema } from "~/lib/volunteers";
import { listRoles } from "../content/entries.server";
import { getOrganization } from "../content/organization.server";
import { readPostedForm } from "../kernel/post-guard.server";
import { parsePostedForm } from "../page-form.server";
import { PAGE_SIZE, pageNumber, pageOf } from "../records/list.server";
import { hoursReport } from "./hours.server";
import { shiftView, volunteerList } from "./pages.server";
import { cancelShift, moveShift } from "./notices.server";
import { findShift, upcomingShifts } from "./shifts.server";
import { CHECK_INTENTS, checkIn, shiftRoster, type CheckIntent } from "./signups.server";
import { expiringClearances } from "./volunteers.server";

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The hours report's period from `?from=&to=` (New York days), this year so far by default. */
export function hoursPeriod(url: URL, now = new Date()) {
  const today = newYorkDate(now);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  return {
    from: CALENDAR_DATE.test(from) ? from : `${today.slice(0, 4)}-01-01`,
    to: CALENDAR_DATE.test(to) ? to : today,
  };
}

/**
 * /admin/volunteers (decision 055): the upcoming shifts with their places, the form that adds
 * shifts to the role chosen with `?role=` (its clearances ticked from the role's requirements, its
 * place the organisation's address), the volunteers, clearances running out within 30 days and
 * the period's hours.
 */
export async function volunteersAdminPage(env: Pick<Env, "DB" | "CACHE">, url: URL, locale: Locale) {
  const period = hoursPeriod(url);
  const [roles, shifts, people, expiring, hours, facts] = await Promise.all([
    listRoles(env),
    upcomingShifts(env, { limit: 100 }),
    volunteerList(env, url),
    expiringClearances(env),
    hoursReport(env, period),
    getOrganization(env),
  ]);
  const hoursPages = Math.max(1, Math.ceil(hours.byVolunteer.length / PAGE_SIZE));
  const hoursPage = Math.min(pageNumber(url.searchParams.get("hoursPage")), hoursPages);
  const roleNames = Object.fromEntries(
    roles.map((role) => [role.slug, localized(role.fields.title, locale)]),
  );
  const chosen = roles.find((role) => role.slug === url.searchParams.get("role")) ?? null;
  return {
    roles: roles.map((role) => ({ slug: role.slug, title: roleNames[role.slug]! })),
    roleNames,
    chosen: chosen
      ? {
          slug: chosen.slug,
          titleEn: chosen.fields.title.en,
          titleEs: chosen.fields.title.es ?? "",
          requiredClearances: clearancesNamedIn(chosen.fields.requirements?.en ?? ""),
          place: facts ? `${facts.street}, ${facts.city}, ${facts.region} ${facts.postalCode}` : "",
        }
      : null,
    shifts: shifts.map((shift) => shiftView(shift, locale)),
    volunteers: people,
    expiring: expiring.map((row) => ({ ...row, id: `${row.volunteerId}-${row.kind}` })),
    // The page shows the period's totals by role and a page of its volunteers' (`?hoursPage=N`,
    // decision 073); its lines per volunteer and role (hundreds in a year) are the CSV's, so they
    // stay out of the page's data (decision 057).
    hours: {
      total: hours.total,
      byRole: hours.byRole,
      byVolunteer: pageOf(
        hours.byVolunteer.slice((hoursPage - 1) * PAGE_SIZE, hoursPage * PAGE_SIZE),
        hours.byVolunteer.length,
        { filters: {}, page: hoursPage },
      ),
    },
    period,
  };
}

/** One shift's page: the shift, the role's name and who is on it. */
export async function shiftRosterPage(env: Pick<Env, "DB" | "CACHE">, id: string, locale: Locale) {
  const shift = await findShift(env, id);
  if (!shift) return null;
  const [roster, roles] = await Promise.all([shiftRoster(env, id), listRoles(env)]);
  const role = roles.find((one) => one.slug === shift.roleSlug);
  return {
    shift: shiftView(shift, locale),
    roleName: role ? localized(role.fields.title, locale) : shift.roleSlug,
    roster: roster.map((row) => ({ ...row, id: row.signupId })),
  };
}

/**
 * The posts of a shift's page: a check-in (arrived, left, attended), moving the shift (its
 * volunteers told), or cancelling it, which only asks until the answer carries `confirm=yes`
 * (decision 046's question first).
 */
export async function shiftPageAction(
  env: Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">,
  staff: SessionUser,
  shiftId: string,
  context: Readonly<RouterContextProvider>,
) {
  const form = readPostedForm(context);
  const intent = String(form.get("intent") ?? "");
  const shift = await findShift(env, shiftId);
  if (!shift) throw data(null, { status: 404 });
  if ((CHECK_INTENTS as readonly string[]).includes(intent)) {
    const outcome = await checkIn(env, staff, shift, String(form.get("signup") ?? ""), intent as CheckIntent);
    return outcome.ok ? { done: "checked" as const } : data({ error: outcome.reason }, { status: 400 });
  }
  if (intent === "cancel-shift") {
    if (form.get("confirm") !== "yes") return { ask: true as const };
    const outcome = await cancelShift(env, staff, shiftId);
    return outcome.ok ? { done: "cancelled" as const } : data({ error: "gone" as const }, { status: 409 });
  }
  const parsed = parsePostedForm(context, MoveShiftSchema);
  if (parsed.kind === "answered") return parsed.answer;
  const { intent: _move, ...place } = parsed.value;
  const outcome = await moveShift(env, staff, shiftId, place);
  if (!outcome.ok) return data({ error: "gone" as const }, { status: 409 });
  return { done: "moved" as const, notified: outcome.notified, result: parsed.reply() };
}
