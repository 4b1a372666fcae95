import type { TFunction } from "i18next";
import { formatNewYorkDateTime } from "~/lib/format";
import { answerWords, formAnswers } from "~/lib/forms/answers";
import type { FieldSpec, FormDefinition } from "~/lib/forms/definition";
import { submissionReference } from "~/lib/forms/reference";
import type { Locale } from "~/lib/i18n";
import type { OutgoingEmail } from "./message.server";

/** "Label: value" lines in the order the form shows them. */
function fieldLines(
  definition: FormDefinition,
  fields: readonly FieldSpec[],
  value: Record<string, unknown>,
  tForms: TFunction,
  tEmail: TFunction,
): string[] {
  return formAnswers(definition, fields, value, tForms, answerWords(tEmail)).map(
    (answer) => `${answer.label}: ${answer.value}`,
  );
}

type MailInput = {
  definition: FormDefinition;
  fields: readonly FieldSpec[];
  value: Record<string, unknown>;
  contact: { name: string; email: string };
  submissionId: string;
  locale: Locale;
  teamEmail: string;
  siteUrl: string;
  /** How to reach the organisation (organizationContact, decision 028). */
  organization: { email: string; phone: string };
  /** The person's language, for the confirmation (which names no submitted value). */
  t: { forms: TFunction; email: TFunction };
  /** English, for the team. */
  team: { forms: TFunction; email: TFunction };
  now?: Date;
};

/**
 * The confirmation to the person (in their language) and the notification to the team.
 * The confirmation goes to whatever address was typed, so it says only what the site itself
 * wrote: which form, when, a reference, what happens next and how to reach us; never a
 * submitted value, not even the name (decision 014). The team's notification has everything.
 */
export function buildFormEmails(input: MailInput): OutgoingEmail[] {
  const { definition, fields, value, contact, locale, t, team, organization } = input;
  const now = input.now ?? new Date();
  const reference = submissionReference(input.submissionId);
  // What was sent, in a few words ("your message"): never the page's title, which is not a noun.
  const formName = t.email(`confirmation.what.${definition.id}`);
  const confirmation: OutgoingEmail = {
    to: contact.email,
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

  const teamFormName = team.forms(`${definition.id}.title`);
  // docs/product.md §7: the enrollment mail's subject names the chosen programs.
  const subject =
    definition.kind === "enrollment" && Array.isArray(value.programs)
      ? team.email("team.enrollmentSubject", {
          programs: value.programs
            .map((program) => team.forms(`options.programs.${String(program)}`))
            .join(", "),
        })
      : team.email("team.subject", { form: teamFormName, name: contact.name });
  const notification: OutgoingEmail = {
    to: input.teamEmail,
    // "Reply" in the team's mail program answers the visitor.
    replyTo: contact.email,
    subject,
    text: [
      team.email("team.intro", { form: teamFormName }),
      "",
      ...fieldLines(definition, fields, value, team.forms, team.email),
      "",
      `${team.email("team.language")}: ${locale}`,
      `${team.email("team.submittedAt")}: ${formatNewYorkDateTime(now, "en", "full")}`,
      `${team.email("team.reference")}: ${reference} (${input.submissionId})`,
      team.email("team.replyTo", { email: contact.email }),
    ].join("\n"),
    template: `${definition.kind}.team`,
    locale: "en",
  };
  return [confirmation, notification];
}
