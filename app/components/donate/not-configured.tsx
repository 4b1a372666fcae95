import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ORGANIZATION } from "~/content/organization";

/** Without Stripe keys the page still helps: the other ways to give (never an error). */
export function NotConfigured({ legalName }: { legalName: string }) {
  const { t } = useTranslation("donate");
  const { address } = ORGANIZATION;
  return (
    <section
      aria-labelledby="not-configured"
      className="rounded-xl border-l-8 border-accent-700 bg-accent-50 p-6 dark:border-accent-300 dark:bg-gray-900"
    >
      <h2 id="not-configured" className="text-2xl font-bold">
        {t("notConfigured.title")}
      </h2>
      <p className="mt-2">{t("notConfigured.body")}</p>
      <ul className="mt-4 list-disc space-y-2 pl-6">
        <li>
          {t("notConfigured.check", {
            name: legalName,
            address: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
          })}
        </li>
        <li>{t("notConfigured.phone", { phone: ORGANIZATION.phoneDisplay })}</li>
        <li>{t("notConfigured.email", { email: ORGANIZATION.email })}</li>
      </ul>
      <Link to="/give" className="btn-primary mt-6">
        {t("notConfigured.give")}
      </Link>
    </section>
  );
}
