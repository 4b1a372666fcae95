import { useTranslation } from "react-i18next";
import type { CookiePreferences, OptionalCookieCategory } from "~/lib/cookie-preferences";

/**
 * The cookie banner's categories, one checkbox each; loaded when the visitor opens the settings.
 * The banner passes the categories, so this chunk shares no module with it.
 */
export default function CookieSettings({
  idPrefix,
  categories,
  preferences,
  onChange,
}: {
  idPrefix: string;
  categories: readonly OptionalCookieCategory[];
  preferences: CookiePreferences;
  onChange: (next: CookiePreferences) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mt-3 grid gap-2 sm:grid-cols-2">
      <legend className="sr-only">{t("cookies.settingsTitle")}</legend>
      <label
        htmlFor={`${idPrefix}-necessary`}
        className="flex items-start gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
      >
        <input id={`${idPrefix}-necessary`} type="checkbox" checked disabled className="mt-1 h-5 w-5" />
        <span>
          <span className="font-semibold">{t("cookies.categories.necessary.label")}</span>{" "}
          <span className="text-sm">({t("cookies.alwaysOn")})</span>
          <span className="block text-sm text-gray-700 dark:text-gray-300">
            {t("cookies.categories.necessary.description")}
          </span>
        </span>
      </label>
      {categories.map((category) => (
        <label
          key={category}
          htmlFor={`${idPrefix}-${category}`}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700"
        >
          <input
            id={`${idPrefix}-${category}`}
            type="checkbox"
            name={category}
            checked={preferences[category]}
            onChange={(event) => onChange({ ...preferences, [category]: event.target.checked })}
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
  );
}
