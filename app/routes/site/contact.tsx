import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { FormSlot, Section } from "~/components/pages/ui";
import { ORGANIZATION } from "~/content/organization";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/forms/contact-form";

export const handle = { i18n: ["involve", "meta", "forms"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function ContactPage() {
  const { t } = useTranslation("involve");
  const { address } = ORGANIZATION;
  return (
    <>
      <PageHeader title={t("meta:pages.contact.title")} lead={t("contact.lead")} />
      <FormSlot
        id="contact-form"
        title={t("contact.formTitle")}
        intro={t("contact.formIntro")}
        note={t("contact.promise")}
      >
        <ContactForm headingLevel={3} />
      </FormSlot>
      <Section id="details" title={t("contact.detailsTitle")}>
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <dl className="space-y-4">
            <div>
              <dt className="font-semibold">{t("contact.email")}</dt>
              <dd>
                <a className="link" href={`mailto:${ORGANIZATION.email}`}>
                  {ORGANIZATION.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t("contact.phone")}</dt>
              <dd>
                <a className="link" href={`tel:${ORGANIZATION.phone}`}>
                  {ORGANIZATION.phoneDisplay}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t("contact.address")}</dt>
              <dd>
                <address className="not-italic">
                  {address.street}
                  <br />
                  {address.city}, {address.region} {address.postalCode}
                </address>
              </dd>
            </div>
          </dl>
          <div>
            <h3 className="text-xl font-bold">{t("contact.hoursTitle")}</h3>
            <p className="text-sm text-gray-700 dark:text-gray-300">{t("contact.hoursNote")}</p>
            <dl className="mt-3 space-y-2">
              {(["weekdays", "saturday", "sunday"] as const).map((day) => (
                <div
                  key={day}
                  className="flex flex-wrap justify-between gap-2 border-b border-gray-200 pb-2 dark:border-gray-700"
                >
                  <dt className="font-semibold">{t(`contact.hours.${day}.day`)}</dt>
                  <dd>{t(`contact.hours.${day}.time`)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </Section>
    </>
  );
}
