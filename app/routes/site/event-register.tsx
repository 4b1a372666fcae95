import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { SubmitButton, TextField, translateFieldError } from "~/components/forms/fields";
import { AttributionField } from "~/components/forms/attribution-field";
import { Notice, PageForm, PublicPostFields, usePageForm } from "~/components/forms/form-kit";
import { GonePage } from "~/components/content/gone-page";
import { PageHeader } from "~/components/layout/page-header";
import { formatMoney, formatNewYorkDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { EventRegistrationSchema, MAX_SEATS_PER_ORDER } from "~/lib/tickets";
import { handleRegisterPost, loadRegisterPage } from "~/server/events/register-page.server";
import type { Route } from "./+types/event-register";

export const handle = { i18n: ["events", "tickets", "gone"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return loadRegisterPage(args);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function action(args: Route.ActionArgs) {
  return handleRegisterPost(args);
}

export default function EventRegisterPage({ loaderData, ...props }: Route.ComponentProps) {
  if ("gone" in loaderData) return <GonePage gone={loaderData.gone} />;
  return <EventRegister {...props} loaderData={loaderData} />;
}

function EventRegister({
  loaderData,
  actionData,
}: Omit<Route.ComponentProps, "loaderData"> & {
  loaderData: Exclude<Route.ComponentProps["loaderData"], { gone: unknown }>;
}) {
  const { t } = useTranslation("tickets");
  const { event, availability, unit, locale, order } = loaderData;
  const paid = event.priceCents > 0;
  const { form, fields, pending } = usePageForm({
    id: "event-register",
    schema: EventRegistrationSchema,
    answer: actionData,
    defaultValue: { quantity: "1" },
  });
  const money = (cents: number) => formatMoney(cents, locale);
  const done = actionData && "done" in actionData ? actionData.done : null;
  const confirmed = actionData && "confirmed" in actionData ? actionData.confirmed : null;
  const confirmError = actionData && "confirmError" in actionData ? actionData.confirmError : null;
  const rsvpLink = loaderData.rsvpLink;
  const closed = availability.state !== "open";
  const quantity = Number(fields.quantity.value);
  const lead = !paid
    ? t("register.leadRsvp")
    : unit.valueCents > 0
      ? t("register.leadTickets", {
          price: money(event.priceCents),
          value: money(unit.valueCents),
          deductible: money(unit.deductibleCents),
          what: event.valueDescription || t("values.default"),
        })
      : t("register.leadTicketsNoValue", { price: money(event.priceCents) });
  return (
    <PageHeader
      title={t(paid ? "register.titleTickets" : "register.titleRsvp", { event: event.title })}
      lead={lead}
    >
      <div className="mt-8 max-w-xl space-y-6">
        <dl className="grid gap-1">
          <div className="flex flex-wrap gap-x-1">
            <dt className="font-semibold">{t("register.when")}:</dt>
            <dd>{formatNewYorkDateTime(event.startsAt, locale, "full")}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt className="font-semibold">{t("register.where")}:</dt>
            <dd>
              {event.place}, {event.address}
            </dd>
          </div>
        </dl>
        {order?.state === "paid" ? (
          <Notice tone="success">
            {t("register.ticketsDone", {
              count: order.quantity,
              total: money(order.amountCents),
              email: order.email,
            })}
          </Notice>
        ) : order ? (
          <Notice>{t("register.ticketsUnknown")}</Notice>
        ) : null}
        {loaderData.canceled ? <Notice>{t("register.canceled")}</Notice> : null}
        {rsvpLink === "invalid" ? <Notice>{t("register.rsvpLinkInvalid")}</Notice> : null}
        {confirmError ? <Notice>{translateFieldError(t, confirmError)}</Notice> : null}
        {confirmed ? (
          <Notice tone="success">{t("register.rsvpConfirmed", { count: confirmed.count })}</Notice>
        ) : rsvpLink && rsvpLink !== "invalid" && !closed ? (
          // The e-mailed link only opens this page; the button confirms (decision 014: mail scanners follow links).
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="confirm-rsvp" />
            <input type="hidden" name="token" value={rsvpLink.token} />
            <p>{t("register.rsvpConfirmLead", { count: rsvpLink.quantity })}</p>
            <SubmitButton
              pending={pending}
              label={t("register.rsvpConfirm")}
              pendingLabel={t("register.sending")}
            />
          </Form>
        ) : null}
        {done ? (
          <Notice tone="success">{t("register.rsvpDone", { count: done.count, email: done.email })}</Notice>
        ) : confirmed || (rsvpLink && rsvpLink !== "invalid" && !closed) ? null : closed ? (
          <p
            role="status"
            className="rounded-xl border-2 border-gray-400 p-4 font-semibold"
            data-testid="registration-closed"
          >
            {t(availability.state === "past" ? "register.past" : "register.soldOut")}
          </p>
        ) : order?.state === "paid" ? null : (
          <PageForm form={form} className="space-y-4">
            <PublicPostFields />
            <AttributionField />
            <p className="font-semibold">{t("register.seatsLeft", { count: availability.seatsLeft })}</p>
            <TextField meta={fields.name} label={t("register.name")} required autoComplete="name" />
            <TextField
              meta={fields.email}
              label={t("register.email")}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
            />
            <TextField
              meta={fields.quantity}
              label={t(paid ? "register.tickets" : "register.guests")}
              hint={t("register.quantityHint", { max: Math.min(MAX_SEATS_PER_ORDER, loaderData.maxSeats) })}
              type="number"
              inputMode="numeric"
              required
            />
            {paid ? (
              <>
                {quantity >= 1 && quantity <= MAX_SEATS_PER_ORDER ? (
                  <p className="font-semibold" aria-live="polite">
                    {t("register.total", { total: money(event.priceCents * quantity) })}
                  </p>
                ) : null}
                <p>{t("register.payHint")}</p>
              </>
            ) : null}
            <SubmitButton
              pending={pending}
              label={t(paid ? "register.submitTickets" : "register.submitRsvp")}
              pendingLabel={t("register.sending")}
            />
          </PageForm>
        )}
        <div className="flex flex-wrap gap-3">
          <a
            href={`/events/${event.slug}/calendar.ics?lng=${locale}`}
            download={`${event.slug}.ics`}
            className="btn-secondary"
          >
            {t("register.addToCalendar")}
          </a>
          <Link to="/events" className="btn-secondary">
            {t("register.back")}
          </Link>
        </div>
      </div>
    </PageHeader>
  );
}
