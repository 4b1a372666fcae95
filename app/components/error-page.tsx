import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { NotFound } from "./not-found";

/** Statuses with their own words; a refused post (decision 012) is a 400, 405 or 413. */
const ERROR_COPY: Partial<Record<number, string>> = {
  400: "badRequest",
  403: "forbidden",
  405: "method",
  413: "tooLarge",
};

/** The error pages of docs/product.md §2; the root's error boundary loads this only on an error. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (status === 404)
    return (
      <>
        <title>{t("notFound.title")}</title>
        <NotFound />
      </>
    );
  const forbidden = status === 403;
  const copy = ERROR_COPY[status];
  const title = copy ? t(`error.${copy}Title`) : t("error.title");
  const description = copy ? t(`error.${copy}Description`) : t("error.description");
  return (
    <div className="container-page flex min-h-[50vh] flex-col items-start justify-center gap-4 py-16">
      <title>{title}</title>
      <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <p className="max-w-2xl text-lg text-gray-700 dark:text-gray-300">{description}</p>
      <div className="flex flex-wrap gap-3">
        {forbidden ? null : (
          <Link to={`${location.pathname}${location.search}`} replace className="btn-primary">
            {t("error.tryAgain")}
          </Link>
        )}
        <Link to="/" className="btn-secondary">
          {t("error.goHome")}
        </Link>
      </div>
    </div>
  );
}
