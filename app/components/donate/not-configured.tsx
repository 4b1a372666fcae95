import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { phoneDisplay } from "~/lib/organization";

type Org = { legalName: string; address: string; phone: string; email: string } | null;

/** Without Stripe keys the page still helps: the other ways to give (never an error). */
export function NotConfigured({ org }: { org: Org }) {
  const { t } = useTranslation("donate");
  return (
    <section
      aria-labelledby="not-configured"
      className="rounded-xl border-l-8 border-accent-700 bg-accent-50 p-6 dark:border-accent-300 dark:bg-gray-900"
    >
      <h2 id="not-configured" className="text-2xl font-bold">
        {t("notConfigured.title")}
      </h2>
      <p className="mt-2">{t("notConfigured.body")}</p>
      {org ? (
        <ul className="mt-4 list-disc space-y-2 pl-6">
          <li>{t("notConfigured.check", { name: org.legalName, address: org.address })}</li>
          <li>{t("notConfigured.phone", { phone: phoneDisplay(org.phone) })}</li>
          <li>{t("notConfigured.email", { email: org.email })}</li>
        </ul>
      ) : null}
      <Link to="/give" className="btn-primary mt-6">
        {t("notConfigured.give")}
      </Link>
    </section>
  );
}
