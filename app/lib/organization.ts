import type { OrganizationFields } from "./content/entry-types";

/**
 * What pages do with the organisation's facts (decision 028), on both sides: the facts themselves
 * come from D1 through getOrganization (app/server/content/organization.server.ts).
 */

/** The organisation's own profiles (the footer and structured data's sameAs), in this order. */
export const SOCIAL_NETWORKS = ["instagram", "facebook", "linkedin", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The profiles staff filled in. */
export function socialProfiles(facts: OrganizationFields): { id: SocialNetwork; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((id) => (facts[id] ? [{ id, url: facts[id] }] : []));
}

/** A phone number as E.164: ten digits are a US number; otherwise it must start with + (or 1). */
export function e164(typed: string): string | null {
  const compact = typed.replace(/[\s().-]/g, "");
  if (!/^\+?\d{10,15}$/.test(compact)) return null;
  if (compact.startsWith("+")) return compact;
  if (compact.length === 10) return `+1${compact}`;
  return compact.length === 11 && compact.startsWith("1") ? `+${compact}` : null;
}

/** How a stored number is written on the site: "(212) 555-0142" for the US, E.164 otherwise. */
export function phoneDisplay(stored: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(stored);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : stored;
}

/** The postal address on one line ("125 West 125th Street, New York, NY 10027"). */
export function addressLine(facts: OrganizationFields): string {
  return `${facts.street}, ${facts.city}, ${facts.region} ${facts.postalCode}`;
}

/**
 * What the footer of every page shows: read by the root loader, with the phone number already
 * written for people, so the first view's JavaScript carries none of this module.
 */
export function footerFacts(facts: OrganizationFields | null) {
  return facts
    ? {
        email: facts.email,
        phone: facts.phone,
        phoneDisplay: phoneDisplay(facts.phone),
        social: socialProfiles(facts),
      }
    : null;
}
export type FooterFacts = ReturnType<typeof footerFacts>;
