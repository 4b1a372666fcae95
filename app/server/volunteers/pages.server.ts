import { and, count, eq, isNotNull, or, sql } from "drizzle-orm";
import { inLanguage, localized } from "~/lib/content/entry-types";
import { newYorkClock, newYorkDate } from "~/lib/format";
import type { Locale } from "~/lib/i18n";
import type { SessionUser } from "~/lib/session-user";
import { VolunteerActionSchema } from "~/lib/volunteers";
import * as v from "valibot";
import { listRoles } from "../content/entries.server";
import { getDb } from "../db/client.server";
import { children, donations, users, volunteers } from "../db/schema";
import { getSessionUser } from "../auth/sessions.server";
import { listQuery, newestFirstPage } from "../records/list.server";
import { hoursOf, hoursPerVolunteer } from "./hours.server";
import { shiftTitle } from "./mail.server";
import { cancelSignup, signUp, signupsOf, swapSignup, type SignupOutcome } from "./signups.server";
import { placesLeftByRole, upcomingShifts, type Shift } from "./shifts.server";
import {
  clearancesOf,
  findVolunteer,
  volunteerFromToken,
  volunteerOfAccount,
  type Volunteer,
} from "./volunteers.server";

type PageEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL" | "LINK_SIGNING_SECRET">;

/**
 * A shift as pages show it: its words in the visitor's language and its New York day and times
 * as stored forms, which the page writes out without Intl (decision 032).
 */
export function shiftView(shift: Shift & { placesLeft?: number }, locale: Locale) {
  return {
    id: shift.id,
    roleSlug: shift.roleSlug,
    seriesId: shift.seriesId,
    title: shiftTitle(shift, locale),
    date: newYorkDate(new Date(shift.startsAt)),
    start: newYorkClock(shift.startsAt),
    end: newYorkClock(shift.endsAt),
    place: shift.place,
    capacity: shift.capacity,
    placesLeft: shift.placesLeft ?? null,
    requiredClearances: shift.requiredClearances,
  };
}
export type ShiftView = ReturnType<typeof shiftView>;

/** The next shifts /volunteer lists; the roles' spots count them all. */
const PUBLIC_SHIFTS = 12;

/** /volunteer: the published roles, their upcoming shifts with places left, and the spots they add up to. */
export async function volunteerRolesPage(env: Pick<Env, "DB" | "CACHE">, locale: Locale) {
  const [roles, shifts, spots] = await Promise.all([
    listRoles(env),
    upcomingShifts(env, { limit: PUBLIC_SHIFTS }),
    placesLeftByRole(env),
  ]);
  return {
    // Each role in the visitor's language only (decision 030): the card needs no content code.
    roles: roles.map((role) => inLanguage(role, locale)),
    shifts: shifts.map((shift) => shiftView(shift, locale)),
    spots,
  };
}

/**
 * Whose page /volunteer/me is: the volunteer a signed link names (`?key=`), or the one whose
 * e-mail the signed-in account has verified (decision 013). `invalid` is a link that was given
 * but does not hold.
 */
export async function volunteerOfRequest(
  env: PageEnv,
  request: Request,
): Promise<{ kind: "volunteer"; volunteer: Volunteer } | { kind: "invalid" | "not-linked" }> {
  const key = new URL(request.url).searchParams.get("key");
  if (key) {
    const volunteer = await volunteerFromToken(env, key);
    return volunteer ? { kind: "volunteer", volunteer } : { kind: "invalid" };
  }
  const user = await getSessionUser(request, env);
  if (!user) return { kind: "invalid" };
  const volunteer = await volunteerOfAccount(env, user.id);
  return volunteer ? { kind: "volunteer", volunteer } : { kind: "not-linked" };
}

/** Everything the volunteer's own page shows: their shifts, the ones they can take, their hours. */
export async function volunteerPageData(env: PageEnv, volunteer: Volunteer, locale: Locale) {
  const [mine, open, hours] = await Promise.all([
    upcomingShiftsOf(env, volunteer.id, locale),
    upcomingShifts(env, { limit: 100 }),
    hoursByRoleName(env, volunteer.id, locale),
  ]);
  const taken = new Set(mine.map((shift) => shift.id));
  return {
    mine,
    open: open.filter((shift) => !taken.has(shift.id)).map((shift) => shiftView(shift, locale)),
    hours,
  };
}

/** The shifts a volunteer is signed up or waiting for that have not started: their page and staff's. */
async function upcomingShiftsOf(env: Pick<Env, "DB">, volunteerId: string, locale: Locale) {
  const now = new Date().toISOString();
  return (await signupsOf(env, volunteerId))
    .filter(({ shift }) => shift.startsAt > now && shift.status === "scheduled")
    .map(({ shift, signup }) => ({ ...shiftView(shift, locale), status: signup.status }));
}

/** A volunteer's hours per role, each role named in the reader's language: their page and staff's. */
async function hoursByRoleName(env: Pick<Env, "DB" | "CACHE">, volunteerId: string, locale: Locale) {
  const [hours, roles] = await Promise.all([hoursOf(env, volunteerId), listRoles(env)]);
  const roleNames = Object.fromEntries(
    roles.map((role) => [role.slug, localized(role.fields.title, locale)]),
  );
  return {
    ...hours,
    lines: hours.lines.map((line) => ({ ...line, role: roleNames[line.roleSlug] ?? line.roleSlug })),
  };
}

export type VolunteerPostAnswer =
  | {
      ok: true;
      done: "signedUp" | "series" | "seriesAll" | "waitlisted" | "cancelled" | "swapped";
      signedUp?: number;
      waitlisted?: number;
    }
  | { ok: false; error: "full"; shiftId: string }
  | { ok: false; error: "clearance"; missing: string[]; expired: { kind: string; expiresOn: string }[] }
  | { ok: false; error: "already" | "past" | "not-found" | "guardian" | "nothing" | "invalid" };

function answerOf(outcome: SignupOutcome, done: "signedUp" | "swapped"): VolunteerPostAnswer {
  if (outcome.ok) {
    if (outcome.signedUp + outcome.waitlisted > 1) {
      const series = outcome.waitlisted > 0 ? "series" : "seriesAll";
      return { ok: true, done: series, signedUp: outcome.signedUp, waitlisted: outcome.waitlisted };
    }
    return { ok: true, done: outcome.signedUp > 0 ? done : "waitlisted" };
  }
  if (outcome.reason === "full") return { ok: false, error: "full", shiftId: outcome.shiftId };
  if (outcome.reason === "clearance") {
    return { ok: false, error: "clearance", missing: outcome.missing, expired: outcome.expired };
  }
  return { ok: false, error: outcome.reason };
}

/** One post of the volunteer's page: sign up (one, the series, or the waitlist), cancel or swap. */
export async function handleVolunteerPost(
  env: PageEnv,
  volunteer: Volunteer,
  form: FormData,
): Promise<VolunteerPostAnswer> {
  const parsed = v.safeParse(VolunteerActionSchema, Object.fromEntries(form));
  if (!parsed.success) return { ok: false, error: "invalid" };
  const action = parsed.output;
  switch (action.intent) {
    case "signup":
    case "series":
    case "waitlist":
      return answerOf(
        await signUp(env, volunteer, {
          shiftId: action.shift,
          series: action.intent === "series",
          waitlist: action.intent === "waitlist",
        }),
        "signedUp",
      );
    case "cancel":
      return (await cancelSignup(env, volunteer, action.shift)).ok
        ? { ok: true, done: "cancelled" }
        : { ok: false, error: "nothing" };
    case "swap":
      return answerOf(
        await swapSignup(env, volunteer, { fromShiftId: action.shift, toShiftId: action.to }),
        "swapped",
      );
  }
}

/**
 * The admin list of volunteers: a page of them newest first by keyset (decision 073, as the other
 * admin lists, decision 057), through `volunteers_newest_idx`, with the hours all told of those
 * listed only, and how many volunteers there are in all.
 */
export async function volunteerList(env: Pick<Env, "DB">, url: URL) {
  const db = getDb(env);
  const list = await newestFirstPage(db, listQuery(v.object({}), url), {
    table: volunteers,
    where: undefined,
    rows: db.select().from(volunteers).$dynamic(),
  });
  const hours = await hoursPerVolunteer(
    env,
    list.rows.map((row) => row.id),
  );
  return { ...list, rows: list.rows.map((row) => ({ ...row, hours: hours[row.id] ?? 0 })) };
}

/**
 * Who else the volunteer is (decision 055, one person): the account whose verified e-mail is
 * theirs (decision 013), the children that account enrols as a guardian, and, for an ADMIN only
 * (donations are theirs, decision 022), how many gifts came from that e-mail or account.
 */
async function samePerson(env: Pick<Env, "DB">, volunteer: Volunteer, seesGifts: boolean) {
  const db = getDb(env);
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, volunteer.email), isNotNull(users.emailVerifiedAt)));
  const [[guardian], [donor]] = await Promise.all([
    account
      ? db.select({ children: count() }).from(children).where(eq(children.guardianId, account.id))
      : [{ children: 0 }],
    seesGifts
      ? db
          .select({ gifts: count() })
          .from(donations)
          .where(
            or(
              eq(sql`lower(${donations.donorEmail})`, volunteer.email),
              account ? eq(donations.userId, account.id) : undefined,
            ),
          )
      : [null],
  ]);
  return { account: Boolean(account), children: guardian?.children ?? 0, gifts: donor?.gifts ?? null };
}

/** One volunteer for staff: the record, who else they are, their upcoming shifts, clearances and hours. */
export async function volunteerRecord(
  env: Pick<Env, "DB" | "CACHE">,
  id: string,
  staff: Pick<SessionUser, "role">,
  locale: Locale,
) {
  const volunteer = await findVolunteer(env, id);
  if (!volunteer) return null;
  const [clearances, hours, person, shifts] = await Promise.all([
    clearancesOf(env, id),
    hoursByRoleName(env, id, locale),
    samePerson(env, volunteer, staff.role === "ADMIN"),
    upcomingShiftsOf(env, id, locale),
  ]);
  return { volunteer, person, clearances, hours, shifts };
}
