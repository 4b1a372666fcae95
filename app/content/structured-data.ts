import { ORGANIZATION } from "./organization";

/** schema.org NGO for the home page (JSON-LD). */
export function organizationJsonLd(siteUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "NGO",
    name: "product",
    url: new URL("/", siteUrl).toString(),
    logo: new URL("/favicon.svg", siteUrl).toString(),
    foundingDate: String(ORGANIZATION.foundingYear),
    email: ORGANIZATION.email,
    telephone: ORGANIZATION.phone,
    nonprofitStatus: "Nonprofit501c3",
    areaServed: { "@type": "City", name: "New York City" },
    address: {
      "@type": "PostalAddress",
      streetAddress: ORGANIZATION.address.street,
      addressLocality: ORGANIZATION.address.city,
      addressRegion: ORGANIZATION.address.region,
      postalCode: ORGANIZATION.address.postalCode,
      addressCountry: "US",
    },
    sameAs: ORGANIZATION.social.map((item) => item.url),
  };
}
