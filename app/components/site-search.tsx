import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";

export type SearchResult = { path: string; title: string; description: string };

/** The site search box; a GET form to /search, so it works without JavaScript. */
export function SiteSearchForm({ defaultValue = "" }: { defaultValue?: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <Form method="get" action="/search" role="search" className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-56 flex-1 flex-col">
        <label htmlFor={inputId} className="font-medium">
          {t("notFound.searchLabel")}
        </label>
        {/* A hint above the box, not a placeholder: a placeholder is cut to the box's width on a
            phone and gone once typing starts. */}
        <p id={`${inputId}-hint`} className="text-sm text-gray-700 dark:text-gray-300">
          {t("notFound.searchHint")}
        </p>
        <input
          id={inputId}
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={100}
          aria-describedby={`${inputId}-hint`}
          className="focus-ring tap-target mt-1 rounded-lg border border-gray-400 bg-white px-3 text-gray-900 dark:border-gray-500 dark:bg-gray-950 dark:text-white"
        />
      </div>
      <button type="submit" className="btn-primary">
        {t("notFound.searchButton")}
      </button>
    </Form>
  );
}

export function SiteSearchResults({ query, results }: { query: string; results: SearchResult[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="search-results-title" className="mt-8">
      <h2 id="search-results-title" className="text-2xl font-bold">
        {t("notFound.resultsTitle", { query })}
      </h2>
      <p role="status" className="mt-1 text-gray-700 dark:text-gray-300">
        {results.length > 0
          ? t("notFound.resultsCount", { count: results.length })
          : t("notFound.noResults", { query })}
      </p>
      {results.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {results.map((result) => (
            <li key={result.path} className="rounded-xl border border-gray-200 p-4 dark:border-gray-700">
              <Link to={result.path} className="link text-lg font-semibold">
                {result.title}
              </Link>
              <p className="mt-1 text-gray-700 dark:text-gray-300">{result.description}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
