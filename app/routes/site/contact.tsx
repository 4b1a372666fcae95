import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { FormSlot, Section } from "~/components/pages/ui";
import { localized } from "~/lib/content/entry-types";
import { textLines, useLocale } from "~/lib/format";
import { phoneDisplay } from "~/lib/organization";
import { pageMeta } from "~/lib/seo";
import { getOrganization } from "~/server/content/organization.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/forms/contact-form";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["involve", "forms"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const facts = await getOrganization(env);
  return {
    seo: sitePageSeo(args),
    // The organisation's facts in D1 (decision 028); the section is left out while they are missing.
    contact: facts && {
      email: facts.email,
      phone: facts.phone,
      address: { street: facts.street, city: facts.city, region: facts.region, postalCode: facts.postalCode },
      officeHours: facts.officeHours,
    },
  };
}

/** An office-hours line ("Saturday: By appointment") as its day and its time. */
function hoursRow(line: string): [string, string] {
  const at = line.indexOf(":");
  return at > 0 && !/\d$/.test(line.slice(0, at))
    ? [line.slice(0, at), line.slice(at + 1).trim()]
    : [line, ""];
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("involve");
  const locale = useLocale();
  const { contact } = loaderData;
  return (
    <>
      <PageHeader lead={t("contact.lead")} />
      <FormSlot
        id="contact-form"
        title={t("contact.formTitle")}
        intro={t("contact.formIntro")}
        note={t("contact.promise")}
      >
        <ContactForm headingLevel={3} />
      </FormSlot>
      {contact ? (
        <Section id="details" title={t("contact.detailsTitle")}>
          <div className="mt-6 grid gap-8 md:grid-cols-2">
            <dl className="space-y-4">
              <div>
                <dt className="font-semibold">{t("contact.email")}</dt>
                <dd>
                  <a className="link" href={`mailto:${contact.email}`}>
                    {contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold">{t("contact.phone")}</dt>
                <dd>
                  <a className="link" href={`tel:${contact.phone}`}>
                    {phoneDisplay(contact.phone)}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold">{t("contact.address")}</dt>
                <dd>
                  <address className="not-italic">
                    {contact.address.street}
                    <br />
                    {contact.address.city}, {contact.address.region} {contact.address.postalCode}
                  </address>
                </dd>
              </div>
            </dl>
            <div>
              <h3 className="text-xl font-bold">{t("contact.hoursTitle")}</h3>
              <dl className="mt-3 space-y-2">
                {textLines(localized(contact.officeHours, locale))
                  .map(hoursRow)
                  .map(([day, time]) => (
                    <div
                      key={day}
                      className="flex flex-wrap justify-between gap-2 border-b border-gray-200 pb-2 dark:border-gray-700"
                    >
                      <dt className="font-semibold">{day}</dt>
                      <dd>{time}</dd>
                    </div>
                  ))}
              </dl>
            </div>
          </div>
        </Section>
      ) : null}
    </>
  );
}
