import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EventCards } from "~/components/content/event-card";
import { KeptPart } from "~/components/layout/kept-part";
import { PageHeader } from "~/components/layout/page-header";
import { inLanguage } from "~/lib/content/entry-types";
import { seoMeta } from "~/lib/seo";
import { listEvents } from "~/server/content/entries.server";
import { newYorkIsoOnce } from "~/server/events/event-times.server";
import { seatsLeftByEvent } from "~/server/events/registrations.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/events";
import { env } from "~/server/kernel/env.server";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["events"], hydrate: false } satisfies PageHandle;

/**
 * Upcoming and past are split by today's date in New York, on the server (docs/product.md §2);
 * the past a page at a time, `?past=2` and on (decision 057).
 */
export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  const pastPageAsked = Number(new URL(args.request.url).searchParams.get("past") ?? "1");
  const { upcoming, past, pastPage, pastPageCount } = await listEvents(env, new Date(), pastPageAsked);
  // Places left, not the capacity: the count RSVPs and tickets take seats by (decision 046).
  const seatsLeft = await seatsLeftByEvent(
    env,
    upcoming.flatMap(({ slug, fields }) => (fields.capacity ? [{ slug, capacity: fields.capacity }] : [])),
  );
  // Instants in New York time for the JSON-LD, made here so the browser needs no time-zone code.
  const times = Object.fromEntries(
    [...upcoming, ...past].map(({ id, fields }) => [
      id,
      { start: newYorkIsoOnce(fields.date, fields.start), end: newYorkIsoOnce(fields.date, fields.end) },
    ]),
  );
  return {
    seo: pageSeo(args, "events"),
    times,
    upcoming: upcoming.map((event) => ({
      ...inLanguage(event, locale),
      seatsLeft: seatsLeft.get(event.slug),
    })),
    past: past.map((event) => inLanguage(event, locale)),
    pastPage,
    pastPageCount,
    locale,
  };
}

type ShownEvent = Route.ComponentProps["loaderData"]["past"][number];

/**
 * The events' JSON-LD, made from the events the page already carries rather than sent beside them
 * in the loader data (decision 036).
 */
function eventsJsonLd(
  events: ShownEvent[],
  times: Record<string, { start: string; end: string }>,
  locale: string,
  home: string,
) {
  return events.map(({ id, slug, fields }) => ({
    "@context": "https://schema.org",
    "@type": "Event",
    name: fields.title,
    description: fields.description,
    startDate: times[id]?.start,
    endDate: times[id]?.end,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    ...(fields.capacity ? { maximumAttendeeCapacity: fields.capacity } : {}),
    location: {
      "@type": "Place",
      name: fields.place,
      address: {
        "@type": "PostalAddress",
        streetAddress: fields.street,
        addressLocality: fields.city,
        addressRegion: fields.region,
        postalCode: fields.postalCode,
        addressCountry: "US",
      },
    },
    offers: {
      "@type": "Offer",
      price: String(fields.priceCents / 100),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: `${home}events#${slug}`,
    },
    organizer: { "@type": "NGO", name: "product", url: home },
    inLanguage: locale,
  }));
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { seo, upcoming, past, times, locale } = loaderData;
  const home = new URL("/", seo.canonical).toString();
  return seoMeta({ ...seo, jsonLd: eventsJsonLd([...upcoming, ...past], times, locale, home) });
};

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const { upcoming, past, pastPage, pastPageCount, locale } = loaderData;
  return (
    <>
      <PageHeader lead={t("lead")} />
      <section aria-labelledby="upcoming" className="container-page py-12" data-testid="upcoming-events">
        <h2 id="upcoming" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("upcomingTitle")}
        </h2>
        {upcoming.length ? (
          // The cards only show words and links: kept as the server wrote them while the page
          // hydrates (decision 039).
          <KeptPart className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data={upcoming}>
            <EventCards events={upcoming} locale={locale} upcoming />
          </KeptPart>
        ) : (
          <p className="mt-4 text-lg">{t("none")}</p>
        )}
      </section>
      {past.length ? (
        <section aria-labelledby="past" className="bg-gray-50 dark:bg-gray-900" data-testid="past-events">
          <div className="container-page py-12">
            <h2 id="past" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t("pastTitle")}
            </h2>
            <KeptPart className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data={past}>
              <EventCards events={past} locale={locale} past />
            </KeptPart>
            {pastPageCount > 1 ? (
              // Plain links to the section's own anchor: they work without JavaScript.
              <nav aria-label={t("pastPages")} className="mt-8 flex flex-wrap gap-3">
                {pastPage > 1 ? (
                  <Link
                    to={pastPage === 2 ? "/events#past" : `/events?past=${pastPage - 1}#past`}
                    className="btn-secondary"
                    rel="prev"
                  >
                    {t("newerPast")}
                  </Link>
                ) : null}
                {pastPage < pastPageCount ? (
                  <Link to={`/events?past=${pastPage + 1}#past`} className="btn-secondary" rel="next">
                    {t("olderPast")}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}
