import i18next, { type ResourceLanguage } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { loadCookieBannerIfAsked } from "./components/layout/cookie-banner-slot";
import { LazyHttpBackend } from "./components/layout/lazy-http-backend";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, TRANSLATIONS_ELEMENT_ID } from "./lib/i18n";

function metaContent(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
}

/** The namespaces the server rendered this page with, carried in the HTML. */
function translationsInPage(): ResourceLanguage {
  try {
    return JSON.parse(
      document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent ?? "{}",
    ) as ResourceLanguage;
  } catch {
    return {}; // then the backend fetches them
  }
}

async function hydrate() {
  const version = metaContent("i18n-version");
  // Hydrate in the language the server rendered; root.tsx then runs the browser's detector.
  const language = document.documentElement.lang || DEFAULT_LOCALE;
  const resources = translationsInPage();
  // The banner's code comes while i18next starts, so a first visit hydrates with it working; a
  // visitor who answered it loads none (decision 068). If it fails, the slot loads it when shown.
  const banner = loadCookieBannerIfAsked().catch(() => undefined);
  await i18next
    .use(initReactI18next)
    .use(LazyHttpBackend)
    .init({
      lng: language,
      resources: { [language]: resources },
      // The HTML carries this page's namespaces; anything else comes from the backend.
      partialBundledLanguages: true,
      supportedLngs: [...SUPPORTED_LOCALES],
      fallbackLng: false,
      load: "currentOnly",
      ns: Object.keys(resources),
      defaultNS: "common",
      interpolation: { escapeValue: false },
      // docs/architecture.md, KV: 5 retries starting at 350 ms.
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${encodeURIComponent(version)}` },
    });
  await banner;

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
