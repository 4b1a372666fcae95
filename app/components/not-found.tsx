import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SiteSearchForm, SiteSearchResults, type SearchResult } from "./site-search";

const HELPFUL_LINKS = [
  { to: "/about", label: "nav.about" },
  { to: "/services", label: "nav.services" },
  { to: "/contact", label: "nav.contact" },
  { to: "/events", label: "nav.events" },
] as const;

/**
 * The not-found page of docs/product.md §2: Go Home, Go Back, helpful links and the site search.
 * With `search` it is the search page that the box leads to.
 */
export function NotFound({ search }: { search?: { query: string; results: SearchResult[] } }) {
  const { t } = useTranslation();
  return (
    <div className="container-page py-16">
      {search ? (
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t("notFound.searchLabel")}</h1>
      ) : (
        <>
          <p className="text-6xl font-black text-accent-700 dark:text-accent-300" aria-hidden="true">
            404
          </p>
          <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{t("notFound.title")}</h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-700 dark:text-gray-300">
            {t("notFound.description")}
          </p>
        </>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className="btn-primary">
          {t("notFound.goHome")}
        </Link>
        <button type="button" className="btn-secondary js-only" onClick={() => window.history.back()}>
          {t("notFound.goBack")}
        </button>
      </div>
      <nav aria-labelledby="helpful-links" className="mt-10">
        <h2 id="helpful-links" className="text-xl font-bold">
          {t("notFound.helpfulLinks")}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {HELPFUL_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="btn-secondary">
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 max-w-2xl">
        <SiteSearchForm defaultValue={search?.query} />
        {search?.query ? <SiteSearchResults query={search.query} results={search.results} /> : null}
      </div>
    </div>
  );
}
