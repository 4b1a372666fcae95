import type { TFunction } from "i18next";
import { useLocation } from "react-router";
import { isLocale, LANGUAGES, LOCALE_QUERY_PARAM, type Locale } from "~/lib/i18n";
import { useI18nInstance } from "~/lib/i18n-instance";
import { Disclosure } from "./disclosure";
import { ChevronDownIcon, GlobeIcon } from "./icons";
import { KeptPart } from "./kept-part";
import { useSwitchLanguage } from "./use-switch-language";

/** The languages, as links the server can follow too (kept while the page hydrates, decision 039). */
function LanguageLinks({ t, current }: { t: TFunction; current: Locale }) {
  const location = useLocation();
  return LANGUAGES.map((language) => {
    const params = new URLSearchParams(location.search);
    params.set(LOCALE_QUERY_PARAM, language.code);
    const selected = language.code === current;
    return (
      <li key={language.code}>
        <a
          href={`${location.pathname}?${params}`}
          hrefLang={language.code}
          lang={language.code}
          aria-current={selected ? "true" : undefined}
          className={selected ? "language-option font-bold" : "language-option"}
        >
          <span aria-hidden="true">{language.flag}</span>
          <span>{language.nativeName}</span>
          <span className="sr-only" lang={current}>
            {`(${t(`language.names.${language.code}`)})`}
          </span>
        </a>
      </li>
    );
  });
}

/**
 * Each language is a link with ?lng=, so the choice works without JavaScript (the server then
 * saves it in the cookie); with JavaScript the switch happens in place.
 */
export function LanguageSelector({ t, align = "right" }: { t: TFunction; align?: "left" | "right" }) {
  const i18n = useI18nInstance();
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
      <KeptPart
        as="ul"
        className={`menu-panel min-w-48 ${align === "right" ? "right-0" : "left-0"}`}
        onClick={(event) => {
          const code = (event.target as Element).closest("a[hreflang]")?.getAttribute("hreflang");
          if (!isLocale(code)) return;
          event.preventDefault();
          void switchLanguage(code);
        }}
      >
        <LanguageLinks t={t} current={current.code} />
      </KeptPart>
    </Disclosure>
  );
}
