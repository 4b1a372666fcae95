import { formatMoney, formatNewYorkDateTime } from "~/lib/format";
import { toLocale } from "~/lib/i18n";
import { ticketAmounts } from "~/lib/tickets";
import { getOrganization } from "../content/organization.server";
import { translatorFor } from "../kernel/i18n.server";
import type { OutgoingEmail } from "../mail/message.server";
import type { EventForSale } from "./catalog.server";
import type { Registration } from "./registrations.server";

type MailEnv = Pick<Env, "DB" | "CACHE" | "SITE_URL">;

/** The event's calendar file in the registrant's language (app/routes/resources/event-ics.ts). */
export function calendarLink(env: Pick<Env, "SITE_URL">, slug: string, locale: string) {
  return new URL(`/events/${slug}/calendar.ics?lng=${toLocale(locale)}`, env.SITE_URL).toString();
}

/**
 * An RSVP's link, in the registrant's language (decision 046): following it confirms the seats.
 * Like every mail to a typed address it says nothing the visitor typed, not even the name
 * ("Hello,"), so no one can send a stranger words of their choosing (decision 014).
 */
export async function buildRsvpLinkEmail(
  env: MailEnv,
  event: EventForSale,
  registration: Pick<Registration, "id" | "email" | "locale">,
  link: { token: string; quantity: number },
): Promise<OutgoingEmail> {
  const locale = toLocale(registration.locale);
  const t = await translatorFor(env, locale, "tickets");
  const title = event.title[locale];
  const confirmUrl = new URL(`/events/${event.slug}/register`, env.SITE_URL);
  confirmUrl.searchParams.set("lng", locale);
  confirmUrl.searchParams.set("rsvp", link.token);
  return {
    to: registration.email,
    subject: t("mail.rsvpSubject", { event: title }),
    text: [
      t("mail.greeting"),
      "",
      t("mail.rsvpBody", {
        event: title,
        date: formatNewYorkDateTime(event.startsAt, locale),
        count: link.quantity,
      }),
      confirmUrl.toString(),
      "",
      t("mail.where", { place: event.place[locale], address: event.address }),
      "",
      t("mail.rsvpNotYou"),
      t("mail.reference", { id: registration.id }),
      "",
      t("mail.calendar"),
      calendarLink(env, event.slug, locale),
      "",
      t("receipts:signature"),
    ].join("\n"),
    template: "event.rsvp",
    locale,
  };
}

/**
 * A paid order's receipt, in the buyer's language: the fair-market value of what the tickets
 * include and the deductible part, with the IRS quid-pro-quo disclosure for a payment over $75
 * (decision 024). Nothing the buyer typed (decision 046). Words in app/locales/{en,es}/tickets.json.
 */
export async function buildTicketReceiptEmail(
  env: MailEnv,
  event: EventForSale,
  registration: Registration,
): Promise<OutgoingEmail> {
  const locale = toLocale(registration.locale);
  const [t, facts] = await Promise.all([translatorFor(env, locale, "tickets"), getOrganization(env)]);
  const money = (cents: number) => formatMoney(cents, locale, registration.currency);
  const title = event.title[locale];
  const when = formatNewYorkDateTime(event.startsAt, locale);
  const head = [t("mail.greeting"), ""];
  const calendar = ["", t("mail.calendar"), calendarLink(env, event.slug, locale)];
  const signature = ["", t("receipts:signature")];
  const amounts = ticketAmounts(
    registration.unitPriceCents,
    registration.unitValueCents,
    registration.quantity,
  );
  const paid = registration.amountCents || amounts.totalCents;
  const deductible = Math.max(0, paid - amounts.valueCents);
  return {
    to: registration.email,
    subject: t("mail.ticketSubject", { event: title }),
    text: [
      ...head,
      t("mail.ticketBody", { event: title, date: when, count: registration.quantity }),
      t("mail.where", { place: event.place[locale], address: event.address }),
      "",
      t("mail.ticketLine", {
        count: registration.quantity,
        price: money(registration.unitPriceCents),
        total: money(paid),
      }),
      t("mail.reference", { id: registration.id }),
      "",
      amounts.valueCents > 0
        ? t("mail.value", {
            value: money(amounts.valueCents),
            unitValue: money(registration.unitValueCents),
            what: event.valueDescription[locale] || t("values.default"),
          })
        : t("mail.noValue"),
      t("mail.deductible", { deductible: money(deductible) }),
      ...(amounts.disclosureRequired
        ? [
            "",
            t("mail.disclosure", {
              // The legal name is a fact in D1 (decision 028); the site's name while it is missing.
              org: facts?.legalName ?? "product",
              value: money(amounts.valueCents),
              deductible: money(deductible),
              total: money(paid),
            }),
          ]
        : []),
      "",
      ...(facts ? [t("mail.organization", { name: facts.legalName, ein: facts.ein })] : []),
      t("mail.keep"),
      ...calendar,
      ...signature,
    ].join("\n"),
    template: "event.ticket",
    locale,
  };
}
