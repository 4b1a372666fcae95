import { useCallback } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { LOCALE_QUERY_PARAM, type Locale } from "~/lib/i18n";
import { useI18nInstance } from "~/lib/i18n-instance";
import { browserLanguageDetector } from "./browser-language";

/**
 * Changes the language in place: i18next loads the copy, the browser detector saves the choice
 * (localStorage `preferredLanguage` and the `lng` cookie), then loaders run again so
 * server-made text such as page titles follows.
 */
export function useSwitchLanguage() {
  const i18n = useI18nInstance();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  return useCallback(
    async (locale: Locale) => {
      await i18n.changeLanguage(locale);
      (await browserLanguageDetector(i18n)).cacheUserLanguage(locale);
      document.documentElement.lang = locale;
      const params = new URLSearchParams(location.search);
      if (params.has(LOCALE_QUERY_PARAM)) {
        params.delete(LOCALE_QUERY_PARAM);
        const search = params.toString();
        await navigate(
          { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
          {
            replace: true,
            preventScrollReset: true,
          },
        );
      } else {
        await revalidator.revalidate();
      }
    },
    [i18n, location, navigate, revalidator],
  );
}
