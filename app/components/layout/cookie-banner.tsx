import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  OPTIONAL_COOKIE_CATEGORIES,
  preferencesForChoice,
  readCookiePreferences,
  saveCookiePreferences,
  type ConsentChoice,
  type CookiePreferences,
} from "~/lib/cookie-consent";

/**
 * Shown until a choice is saved. The inline head script marks <html> with `consent-pending`
 * before first paint, so a returning visitor never sees it flash; without JavaScript no
 * optional cookie can be set, so nothing is asked.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const headingId = useId();
  const [showSettings, setShowSettings] = useState(false);
  const [preferences, setPreferences] = useState<CookiePreferences>(() => preferencesForChoice("necessary"));

  useEffect(() => {
    setPreferences(readCookiePreferences(localStorage));
  }, []);

  function save(next: CookiePreferences, choice: ConsentChoice) {
    saveCookiePreferences(localStorage, next, choice);
    document.documentElement.classList.remove("consent-pending");
  }

  return (
    <section
      aria-labelledby={headingId}
      className="cookie-banner fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto border-t border-gray-300 bg-white p-4 shadow-2xl dark:border-gray-700 dark:bg-gray-900"
    >
      <div className="container-page">
        <h2 id={headingId} className="text-lg font-bold text-gray-900 dark:text-white">
          {showSettings ? t("cookies.settingsTitle") : t("cookies.title")}
        </h2>
        <p className="mt-1 max-w-3xl text-gray-700 dark:text-gray-300">
          {t("cookies.description")}{" "}
          <Link to="/privacy" className="link">
            {t("cookies.learnMore")}
          </Link>
        </p>
        {showSettings ? (
          <fieldset className="mt-3 grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">{t("cookies.settingsTitle")}</legend>
            <label
              htmlFor={`${headingId}-necessary`}
              className="flex items-start gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
            >
              <input
                id={`${headingId}-necessary`}
                type="checkbox"
                checked
                disabled
                className="mt-1 h-5 w-5"
              />
              <span>
                <span className="font-semibold">{t("cookies.categories.necessary.label")}</span>{" "}
                <span className="text-sm">({t("cookies.alwaysOn")})</span>
                <span className="block text-sm text-gray-700 dark:text-gray-300">
                  {t("cookies.categories.necessary.description")}
                </span>
              </span>
            </label>
            {OPTIONAL_COOKIE_CATEGORIES.map((category) => (
              <label
                key={category}
                htmlFor={`${headingId}-${category}`}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
              >
                <input
                  id={`${headingId}-${category}`}
                  type="checkbox"
                  name={category}
                  checked={preferences[category]}
                  onChange={(event) => setPreferences({ ...preferences, [category]: event.target.checked })}
                  className="focus-ring mt-1 h-5 w-5 accent-[var(--accent-700)]"
                />
                <span>
                  <span className="font-semibold">{t(`cookies.categories.${category}.label`)}</span>
                  <span className="block text-sm text-gray-700 dark:text-gray-300">
                    {t(`cookies.categories.${category}.description`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => save(preferencesForChoice("necessary"), "necessary")}
          >
            {t("cookies.necessaryOnly")}
          </button>
          {showSettings ? (
            <button type="button" className="btn-secondary" onClick={() => save(preferences, "custom")}>
              {t("cookies.savePreferences")}
            </button>
          ) : (
            <button
              type="button"
              className="btn-secondary"
              aria-expanded={false}
              onClick={() => setShowSettings(true)}
            >
              {t("cookies.settings")}
            </button>
          )}
          <button
            type="button"
            className="btn-primary"
            onClick={() => save(preferencesForChoice("all"), "all")}
          >
            {t("cookies.acceptAll")}
          </button>
        </div>
      </div>
    </section>
  );
}
