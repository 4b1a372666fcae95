import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LANGUAGES, LOCALE_QUERY_PARAM } from "~/lib/i18n";
import { Disclosure } from "./disclosure";
import { ChevronDownIcon, GlobeIcon } from "./icons";
import { useSwitchLanguage } from "./use-switch-language";

/**
 * Each language is a link with ?lng=, so the choice works without JavaScript (the server then
 * saves it in the cookie); with JavaScript the switch happens in place.
 */
export function LanguageSelector({ align = "right" }: { align?: "left" | "right" }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const switchLanguage = useSwitchLanguage();
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];

  return (
    <Disclosure
      className="relative"
      summaryClassName="tap-target focus-ring flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-2 text-sm font-medium hover:bg-gray-100 dark:hover:bg-gray-800 [&::-webkit-details-marker]:hidden"
      summary={
        <>
          <GlobeIcon />
          {/* The visible name is part of the accessible name, "Language: English" (WCAG 2.5.3). */}
          <span className="sr-only">{t("language.label")}: </span>
          <span lang={current.code}>{current.nativeName}</span>
          <ChevronDownIcon className="h-3.5 w-3.5" />
        </>
      }
    >
      <ul
        className={`absolute z-50 mt-2 min-w-48 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900 ${align === "right" ? "right-0" : "left-0"}`}
      >
        {LANGUAGES.map((language) => {
          const params = new URLSearchParams(location.search);
          params.set(LOCALE_QUERY_PARAM, language.code);
          const selected = language.code === current.code;
          return (
            <li key={language.code}>
              <a
                href={`${location.pathname}?${params}`}
                hrefLang={language.code}
                lang={language.code}
                aria-current={selected ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  void switchLanguage(language.code);
                }}
                className={`tap-target focus-ring flex items-center gap-3 rounded-lg px-3 py-2 text-gray-900 no-underline hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800 ${selected ? "font-bold" : ""}`}
              >
                <span aria-hidden="true">{language.flag}</span>
                <span>{language.nativeName}</span>
                <span className="sr-only" lang={i18n.language}>
                  ({t(`language.names.${language.code}`)})
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </Disclosure>
  );
}
