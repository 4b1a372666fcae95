import { formatNewYorkDateTime } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import type { ClearanceKind } from "~/lib/vocabulary";
import { toLocale, type Locale } from "~/lib/i18n";
import { translatorFor } from "../kernel/i18n.server";
import type { OutgoingEmail } from "../mail/message.server";
import type { Shift } from "./shifts.server";

type MailEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL">;
type Recipient = { email: string; locale: string };

/** A volunteer's own page, opened by its signed link (decision 055), in their language. */
export function volunteerPageLink(env: Pick<Env, "SITE_URL">, token: string, locale: string) {
  const url = new URL("/volunteer/me", env.SITE_URL);
  url.searchParams.set("lng", toLocale(locale));
  url.searchParams.set("key", token);
  return url.toString();
}

/** A shift's calendar file: shifts are public (listed on /volunteer), so the link needs no key. */
export function shiftCalendarLink(env: Pick<Env, "SITE_URL">, shiftId: string, locale: string) {
  return new URL(
    `/volunteer/shifts/${shiftId}/calendar.ics?lng=${toLocale(locale)}`,
    env.SITE_URL,
  ).toString();
}

export function shiftTitle(shift: Pick<Shift, "titleEn" | "titleEs">, locale: Locale) {
  return locale === "es" ? shift.titleEs || shift.titleEn : shift.titleEn;
}

/**
 * Every volunteer mail greets "Hello," and carries only our words, the shift's and a link: the
 * name was typed on a public form (decision 014), and nothing of health or consent goes in mail.
 */
async function volunteerMail(
  env: MailEnv,
  to: Recipient,
  template: string,
  build: (
    t: Awaited<ReturnType<typeof translatorFor>>,
    locale: Locale,
  ) => { subject: string; lines: string[] },
): Promise<OutgoingEmail> {
  const locale = toLocale(to.locale);
  const t = await translatorFor(env, locale, "volunteers");
  const { subject, lines } = build(t, locale);
  return {
    to: to.email,
    subject,
    text: [t("mail.greeting"), "", ...lines, "", t("receipts:signature")].join("\n"),
    template,
    locale,
  };
}

/** Sent when staff accept an application: the link to sign up for shifts. */
export function buildWelcomeEmail(env: MailEnv, to: Recipient, token: string) {
  return volunteerMail(env, to, "volunteer.welcome", (t, locale) => ({
    subject: t("mail.welcomeSubject"),
    lines: [t("mail.welcomeBody"), volunteerPageLink(env, token, locale), "", t("mail.linkKeep")],
  }));
}

/**
 * A new link to the volunteer's page, asked for on the page when theirs expired or was lost
 * (decision 055): sent only to the volunteer's own address.
 */
export function buildNewLinkEmail(env: MailEnv, to: Recipient, token: string) {
  return volunteerMail(env, to, "volunteer.new-link", (t, locale) => ({
    subject: t("mail.newLinkSubject"),
    lines: [t("mail.newLinkBody"), volunteerPageLink(env, token, locale), "", t("mail.linkKeep")],
  }));
}

/** Ahead of a clearance's expiry, to the volunteer: which one and when, never any detail of it. */
export function buildClearanceExpiringEmail(
  env: MailEnv,
  to: Recipient,
  clearance: { kind: ClearanceKind; expiresOn: string },
) {
  return volunteerMail(env, to, "volunteer.clearance-expiring", (t, locale) => ({
    subject: t("mail.expiringSubject", { clearance: t(`clearanceNames.${clearance.kind}`) }),
    lines: [
      t("mail.expiringBody", {
        clearance: t(`clearanceNames.${clearance.kind}`),
        date: formatCalendarDate(clearance.expiresOn, locale),
      }),
    ],
  }));
}

/** To the team, once a run finds clearances running out: how many, and the list that names them. */
export function buildClearancesExpiringTeamEmail(env: MailEnv & Pick<Env, "TEAM_EMAIL">, count: number) {
  return volunteerMail(env, { email: env.TEAM_EMAIL, locale: "en" }, "volunteer.clearances-team", (t) => ({
    subject: t("mail.teamExpiringSubject", { count }),
    lines: [
      t("mail.teamExpiringBody", { count }),
      new URL("/admin/volunteers#expiring-title", env.SITE_URL).toString(),
    ],
  }));
}

/** To a volunteer under 18's guardian: the link where they give consent. */
export function buildGuardianEmail(env: MailEnv, to: Recipient, token: string) {
  return volunteerMail(env, to, "volunteer.guardian", (t, locale) => {
    const url = new URL("/volunteer/guardian", env.SITE_URL);
    url.searchParams.set("lng", locale);
    url.searchParams.set("key", token);
    return {
      subject: t("mail.guardianSubject"),
      lines: [t("mail.guardianBody"), url.toString(), "", t("mail.guardianNotYou")],
    };
  });
}

/**
 * A notice about one shift (reminder, move, place opened): its words, the shift's title, time and
 * place, the calendar file, and the volunteer's page to cancel or swap (decision 055).
 */
function shiftNoticeEmail(
  env: MailEnv,
  to: Recipient,
  shift: Shift,
  token: string,
  words: { template: string; subject: string; body: string },
) {
  return volunteerMail(env, to, words.template, (t, locale) => ({
    subject: t(words.subject, { title: shiftTitle(shift, locale) }),
    lines: [
      t(words.body),
      t("mail.shiftLine", {
        title: shiftTitle(shift, locale),
        date: formatNewYorkDateTime(shift.startsAt, locale, "full"),
      }),
      t("mail.place", { place: shift.place }),
      "",
      t("mail.calendar"),
      shiftCalendarLink(env, shift.id, locale),
      "",
      t("mail.manage"),
      volunteerPageLink(env, token, locale),
    ],
  }));
}

/** The day-before reminder (decision 055): when, where, the calendar file and the page to cancel. */
export function buildReminderEmail(env: MailEnv, to: Recipient, shift: Shift, token: string) {
  return shiftNoticeEmail(env, to, shift, token, {
    template: "volunteer.reminder",
    subject: "mail.reminderSubject",
    body: "mail.reminderBody",
  });
}

/** When staff cancel a shift, to everyone signed up or waiting. */
export function buildShiftCancelledEmail(env: MailEnv, to: Recipient, shift: Shift, token: string) {
  return volunteerMail(env, to, "volunteer.shift-cancelled", (t, locale) => ({
    subject: t("mail.cancelledSubject", { title: shiftTitle(shift, locale) }),
    lines: [
      t("mail.cancelledBody", {
        title: shiftTitle(shift, locale),
        date: formatNewYorkDateTime(shift.startsAt, locale, "full"),
      }),
      "",
      t("mail.manage"),
      volunteerPageLink(env, token, locale),
    ],
  }));
}

/** When staff move a shift (time or place), to everyone signed up or waiting: the new time and place. */
export function buildShiftMovedEmail(env: MailEnv, to: Recipient, shift: Shift, token: string) {
  return shiftNoticeEmail(env, to, shift, token, {
    template: "volunteer.shift-moved",
    subject: "mail.movedSubject",
    body: "mail.movedBody",
  });
}

/** When a waitlisted volunteer gets a place someone gave up. */
export function buildPlaceOpenedEmail(env: MailEnv, to: Recipient, shift: Shift, token: string) {
  return shiftNoticeEmail(env, to, shift, token, {
    template: "volunteer.place-opened",
    subject: "mail.openedSubject",
    body: "mail.openedBody",
  });
}
