import type { OrganizationFields } from "~/lib/content/entry-types";
import { socialProfiles } from "~/lib/organization";

/**
 * schema.org NGO for the home page (JSON-LD): the legal name, EIN (`taxID`), contact details and
 * profiles are the organisation's facts in D1 (decision 028); without them, only what the site knows.
 */
export function organizationJsonLd(
  siteUrl: string,
  facts: OrganizationFields | null,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "NGO",
    name: "product",
    url: new URL("/", siteUrl).toString(),
    logo: new URL("/favicon.svg", siteUrl).toString(),
    nonprofitStatus: "Nonprofit501c3",
    areaServed: { "@type": "City", name: "New York City" },
    ...(facts
      ? {
          legalName: facts.legalName,
          taxID: facts.ein,
          foundingDate: String(facts.foundingYear),
          email: facts.email,
          telephone: facts.phone,
          address: {
            "@type": "PostalAddress",
            streetAddress: facts.street,
            addressLocality: facts.city,
            addressRegion: facts.region,
            postalCode: facts.postalCode,
            addressCountry: "US",
          },
          sameAs: socialProfiles(facts).map((item) => item.url),
        }
      : {}),
  };
}
