import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The page an unpublished or deleted entry's address shows (decision 053): it says the page was
 * taken down on purpose, not mistyped, and leads to the list it belonged to.
 */
export function GonePage({ gone }: { gone: { type: "post" | "event"; list: string } }) {
  const { t } = useTranslation("gone");
  return (
    <div className="container-page py-16">
      <p className="text-6xl font-black text-accent-700 dark:text-accent-300" aria-hidden="true">
        410
      </p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{t("title")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-gray-700 dark:text-gray-300">{t(`lead.${gone.type}`)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={gone.list} className="btn-primary">
          {t(`toList.${gone.type}`)}
        </Link>
        <Link to="/" className="btn-secondary">
          {t("home")}
        </Link>
      </div>
    </div>
  );
}
