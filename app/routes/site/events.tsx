import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { asList, useFormat } from "~/lib/format";
import { Badge, CheckList } from "~/components/pages/ui";
import { newYorkIso, splitEvents, VENUES, type SiteEvent } from "~/content/events";
import { pageMeta } from "~/lib/seo";
import { getRequestContext } from "~/server/kernel/context.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/events";

export const handle = { i18n: ["events", "meta", "tickets"] };
export const meta = pageMeta;

/** Upcoming and past are split by today's date in New York, on the server (docs/product.md §2). */
export function loader(args: Route.LoaderArgs) {
  const { env } = getRequestContext(args.context);
  const locale = getLocale(args.context);
  const t = getInstance(args.context).getFixedT(locale, "events");
  const { upcoming, past } = splitEvents();
  const jsonLd = [...upcoming, ...past].map((event) => ({
    "@context": "https://schema.org",
    "@type": "Event",
    name: t(`items.${event.id}.title`),
    description: t(`items.${event.id}.description`),
    startDate: newYorkIso(event.date, event.start),
    endDate: newYorkIso(event.date, event.end),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: t(`venues.${event.venue}`),
      address: {
        "@type": "PostalAddress",
        streetAddress: VENUES[event.venue].street,
        addressLocality: VENUES[event.venue].locality,
        addressRegion: VENUES[event.venue].region,
        postalCode: VENUES[event.venue].postalCode,
        addressCountry: "US",
      },
    },
    offers: {
      "@type": "Offer",
      price: String(event.priceCents / 100),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: new URL(`/events#${event.id}`, env.SITE_URL).toString(),
    },
    organizer: { "@type": "NGO", name: "product", url: new URL("/", env.SITE_URL).toString() },
    inLanguage: locale,
  }));
  return { seo: pageSeo(args, "events", { jsonLd }), upcoming, past, locale };
}

function EventCard({
  event,
  locale,
  upcoming = false,
}: {
  event: SiteEvent;
  locale: string;
  upcoming?: boolean;
}) {
  const { t } = useTranslation("events");
  const format = useFormat();
  const title = t(`items.${event.id}.title`);
  const time = (value: string) =>
    new Intl.DateTimeFormat(format.tag, { timeStyle: "short", timeZone: "UTC" }).format(
      new Date(`2000-01-01T${value}:00Z`),
    );
  return (
    <article
      id={event.id}
      className="flex flex-col rounded-xl border border-gray-200 p-6 dark:border-gray-700"
      data-event={event.id}
    >
      <Badge>{t(`categories.${event.category}`)}</Badge>
      <h3 className="text-xl font-bold">{title}</h3>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t(`items.${event.id}.description`)}</p>
      <dl className="mt-4 grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{t("date")}:</dt>
          <dd>
            <time dateTime={event.date}>{format.date(event.date, "full")}</time>
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{t("time")}:</dt>
          <dd>
            {time(event.start)} – {time(event.end)}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{t("location")}:</dt>
          <dd>{t(`venues.${event.venue}`)}</dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{t("price")}:</dt>
          <dd>
            {event.priceCents ? t("pricePerPerson", { price: format.money(event.priceCents) }) : t("free")}
          </dd>
        </div>
      </dl>
      <h4 className="mt-4 font-semibold">{t("highlights")}</h4>
      <CheckList
        className="mt-2 flex-1 text-gray-700 dark:text-gray-300"
        items={asList(t(`items.${event.id}.highlights`, { returnObjects: true }))}
      />
      <div className="mt-6 flex flex-wrap gap-3">
        {upcoming ? (
          // RSVPs and tickets (decision 024).
          <Link to={`/events/${event.id}/register`} className="btn-primary">
            {t(event.priceCents ? "tickets:register.buyLink" : "tickets:register.rsvpLink")}
            <span className="sr-only">: {title}</span>
          </Link>
        ) : null}
        <a
          href={`/events/${event.id}/calendar.ics?lng=${locale}`}
          download={`${event.id}.ics`}
          className="btn-secondary"
        >
          {t("addToCalendar")}
          <span className="sr-only">: {title} (.ics)</span>
        </a>
      </div>
    </article>
  );
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const { upcoming, past, locale } = loaderData;
  return (
    <>
      <PageHeader title={t("meta:pages.events.title")} lead={t("lead")} />
      <section aria-labelledby="upcoming" className="container-page py-12" data-testid="upcoming-events">
        <h2 id="upcoming" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("upcomingTitle")}
        </h2>
        {upcoming.length ? (
          <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {upcoming.map((event) => (
              <EventCard key={event.id} event={event} locale={locale} upcoming />
            ))}
          </div>
        ) : (
          <p className="mt-4 text-lg">{t("none")}</p>
        )}
      </section>
      <section aria-labelledby="past" className="bg-gray-50 dark:bg-gray-900" data-testid="past-events">
        <div className="container-page py-12">
          <h2 id="past" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("pastTitle")}
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {past.map((event) => (
              <EventCard key={event.id} event={event} locale={locale} />
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
