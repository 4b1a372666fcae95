import { useTranslation } from "react-i18next";
import { EventCard } from "~/components/content/event-card";
import { PageHeader } from "~/components/layout/page-header";
import { newYorkIso } from "~/lib/format";
import { inLanguage, localized } from "~/lib/content/entry-types";
import { pageMeta } from "~/lib/seo";
import { listEvents } from "~/server/content/entries.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/events";

export const handle = { i18n: ["events", "meta", "tickets"] };
export const meta = pageMeta;

/** Upcoming and past are split by today's date in New York, on the server (docs/product.md §2). */
export async function loader(args: Route.LoaderArgs) {
  const { env } = getRequestContext(args.context);
  const locale = getLocale(args.context);
  const { upcoming, past } = await listEvents(env);
  // Parsed once for the page, not twice per event.
  const home = new URL("/", env.SITE_URL).toString();
  const jsonLd = [...upcoming, ...past].map(({ slug, fields }) => ({
    "@context": "https://schema.org",
    "@type": "Event",
    name: localized(fields.title, locale),
    description: localized(fields.description, locale),
    startDate: newYorkIso(fields.date, fields.start),
    endDate: newYorkIso(fields.date, fields.end),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    ...(fields.capacity ? { maximumAttendeeCapacity: fields.capacity } : {}),
    location: {
      "@type": "Place",
      name: localized(fields.place, locale),
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
  return {
    seo: pageSeo(args, "events", { jsonLd }),
    upcoming: upcoming.map((event) => inLanguage(event, locale)),
    past: past.map((event) => inLanguage(event, locale)),
    locale,
  };
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
      {past.length ? (
        <section aria-labelledby="past" className="bg-gray-50 dark:bg-gray-900" data-testid="past-events">
          <div className="container-page py-12">
            <h2 id="past" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t("pastTitle")}
            </h2>
            <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {past.map((event) => (
                <EventCard key={event.id} event={event} locale={locale} past />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
