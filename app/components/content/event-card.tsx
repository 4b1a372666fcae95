import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { InLanguage } from "~/lib/content/entry-types";
import { textLines, useFormat } from "~/lib/format";
import { formatCalendarDate, formatClockTime } from "~/lib/format-dates";
import { CheckList } from "~/components/pages/check-list";
import { Badge } from "~/components/pages/ui";
import { ActionName } from "~/components/ui/action-name";
import { PartLink } from "~/components/layout/kept-part";
import { useRememberedTranslations } from "~/lib/i18n-instance";

type Shown = {
  event: InLanguage<"event">;
  locale: string;
  upcoming?: boolean;
  past?: boolean;
  /** What a visitor can still take (an upcoming event on /events); without it, the capacity (the editor's preview). */
  seatsLeft?: number;
};

/**
 * One event as /events shows it (and as the editor's preview shows it before publishing). An
 * upcoming event links to its RSVP or ticket page (decision 024); a past event keeps its story but
 * offers neither that nor "Add to calendar".
 */
export function EventCard(shown: Shown) {
  const { t } = useTranslation("events");
  return <EventArticle {...shown} t={t} format={useFormat()} />;
}

/**
 * A list of events' cards with one translation hook for all of them (decision 066), whose words
 * the server remembers (decision 058): /events renders a dozen cards on every uncached request. Each card is inside a kept part, so its link
 * is a `PartLink` (decision 067).
 */
export function EventCards({
  events,
  ...shown
}: Omit<Shown, "event" | "seatsLeft"> & { events: (InLanguage<"event"> & { seatsLeft?: number })[] }) {
  const t = useRememberedTranslations(useTranslation("events").t, "events");
  const format = useFormat();
  return events.map((event) => (
    <EventArticle key={event.id} {...shown} event={event} seatsLeft={event.seatsLeft} t={t} format={format} />
  ));
}

function EventArticle({
  event,
  locale,
  upcoming = false,
  past = false,
  seatsLeft,
  t,
  format,
}: Shown & { t: TFunction<"events">; format: ReturnType<typeof useFormat> }) {
  const { fields } = event;
  const title = fields.title;
  const time = (value: string) => formatClockTime(value, format.locale);
  return (
    <article
      id={event.slug}
      className="flex flex-col rounded-xl border border-gray-200 p-6 dark:border-gray-700"
      data-event={event.slug}
    >
      <Badge>{t(`categories.${fields.category}`)}</Badge>
      <h3 className="text-xl font-bold">{title}</h3>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{fields.description}</p>
      <dl className="mt-4 grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{t("date")}:</dt>
          <dd>
            <time dateTime={fields.date}>{formatCalendarDate(fields.date, format.locale, "full")}</time>
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{t("time")}:</dt>
          <dd>
            {time(fields.start)} – {time(fields.end)}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{t("location")}:</dt>
          <dd>{fields.place}</dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{t("price")}:</dt>
          <dd>
            {fields.priceCents ? t("pricePerPerson", { price: format.money(fields.priceCents) }) : t("free")}
          </dd>
        </div>
        {fields.capacity && seatsLeft !== undefined ? (
          <div className="flex flex-wrap gap-x-1">
            <dt className="font-semibold">{t("placesLeft")}:</dt>
            <dd>
              {seatsLeft > 0
                ? t("placesLeftValue", { count: seatsLeft, capacity: fields.capacity })
                : t("placesNone")}
            </dd>
          </div>
        ) : fields.capacity ? (
          <div className="flex flex-wrap gap-x-1">
            <dt className="font-semibold">{t("capacity")}:</dt>
            <dd>{t("capacityValue", { count: fields.capacity })}</dd>
          </div>
        ) : null}
      </dl>
      <h4 className="mt-4 font-semibold">{t("highlights")}</h4>
      <CheckList
        className="mt-2 flex-1 text-gray-700 dark:text-gray-300"
        items={textLines(fields.highlights)}
      />
      {past ? null : (
        <div className="mt-6 flex flex-wrap gap-3">
          {upcoming ? (
            <PartLink to={`/events/${event.slug}/register`} className="btn-primary">
              <ActionName words={t(fields.priceCents ? "buyLink" : "rsvpLink")} subject={title} />
            </PartLink>
          ) : null}
          <a
            href={`/events/${event.slug}/calendar.ics?lng=${locale}`}
            download={`${event.slug}.ics`}
            className="btn-secondary"
          >
            <ActionName words={t("addToCalendar")} subject={`${title} (.ics)`} />
          </a>
        </div>
      )}
    </article>
  );
}
