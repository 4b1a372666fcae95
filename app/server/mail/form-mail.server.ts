import type { TFunction } from "i18next";
import { formatNewYorkDateTime } from "~/lib/format";
import type { FormDefinition } from "~/lib/forms/definition";
import { submissionReference } from "~/lib/forms/reference";
import type { Locale } from "~/lib/i18n";
import type { OutgoingEmail } from "./message.server";

type MailInput = {
  definition: FormDefinition;
  /** Where the confirmation goes: the address the person typed; none past its daily cap (decision 047). */
  email: string | null;
  submissionId: string;
  locale: Locale;
  teamEmail: string;
  siteUrl: string;
  /** How to reach the organisation (organizationContact, decision 028). */
  organization: { email: string; phone: string };
  /** The person's language, for the confirmation. */
  t: { email: TFunction };
  /** English, for the team. */
  team: { forms: TFunction; email: TFunction };
  now?: Date;
};

/**
 * The confirmation to the person (in their language) and the notification to the team. Neither
 * carries anything that was typed or chosen (decisions 014 and 047). The confirmation goes to
 * whatever address was typed, so it says only what the site itself wrote: which form, when, a
 * reference, what happens next and how to reach us; not even the name. The team's notification
 * goes to a shared inbox and mail travels and stays in places the back office does not control,
 * so it says which form arrived, when and in which language, and links to the submission in the
 * back office, where the answers (a child's health, needs, consent, a guardian's details) are
 * read behind a staff sign-in.
 */
export function buildFormEmails(input: MailInput): OutgoingEmail[] {
  const { definition, locale, t, team, organization } = input;
  const now = input.now ?? new Date();
  const reference = submissionReference(input.submissionId);
  const teamFormName = team.forms(`${definition.id}.title`);
  const notification: OutgoingEmail = {
    to: input.teamEmail,
    subject: team.email("team.subject", { form: teamFormName, reference }),
    text: [
      team.email("team.intro", { form: teamFormName }),
      "",
      team.email("team.open", {
        url: new URL(`/admin/submissions/${input.submissionId}`, input.siteUrl).toString(),
      }),
      team.email("team.answersStay"),
      "",
      `${team.email("team.language")}: ${locale}`,
      `${team.email("team.submittedAt")}: ${formatNewYorkDateTime(now, "en", "full")}`,
      `${team.email("team.reference")}: ${reference}`,
    ].join("\n"),
    template: `${definition.kind}.team`,
    locale: "en",
  };
  if (input.email === null) return [notification];

  // What was sent, in a few words ("your message"): never the page's title, which is not a noun.
  const formName = t.email(`confirmation.what.${definition.id}`);
  const confirmation: OutgoingEmail = {
    to: input.email,
    subject: t.email("confirmation.subject", { form: formName }),
    text: [
      t.email("greeting"),
      "",
      t.email("confirmation.received", { form: formName }),
      `${t.email("confirmation.receivedAt")}: ${formatNewYorkDateTime(now, locale, "full")}`,
      `${t.email("confirmation.reference")}: ${reference}`,
      "",
      t.email(`promise.${definition.promise}`),
      t.email("confirmation.questions", {
        email: organization.email,
        phone: organization.phone,
      }),
      "",
      t.email("confirmation.notYou", { email: organization.email }),
      t.email("confirmation.privacy", { url: new URL("/privacy", input.siteUrl).toString() }),
      "",
      t.email("signature"),
      [organization.email, organization.phone].filter(Boolean).join(" · "),
      new URL("/", input.siteUrl).toString(),
    ].join("\n"),
    template: `${definition.kind}.confirmation`,
    locale,
  };
  return [confirmation, notification];
}
