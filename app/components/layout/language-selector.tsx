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
      summaryClassName="language-summary"
      summary={
        <>
          <GlobeIcon />
          {/* The visible name is part of the accessible name, "Language: English" (WCAG 2.5.3). */}
          <span className="sr-only">{`${t("language.label")}: `}</span>
          <span lang={current.code}>{current.nativeName}</span>
          <ChevronDownIcon className="h-3.5 w-3.5" />
        </>
      }
    >
      <ul className={`menu-panel min-w-48 ${align === "right" ? "right-0" : "left-0"}`}>
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
                className={selected ? "language-option font-bold" : "language-option"}
              >
                <span aria-hidden="true">{language.flag}</span>
                <span>{language.nativeName}</span>
                <span className="sr-only" lang={i18n.language}>
                  {`(${t(`language.names.${language.code}`)})`}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </Disclosure>
  );
}
