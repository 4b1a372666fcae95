import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "./lib/i18n";

function metaContent(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
}

async function hydrate() {
  const version = metaContent("i18n-version");
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      // Hydrate in the language the server rendered; root.tsx then runs the browser's detector.
      lng: document.documentElement.lang || DEFAULT_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      fallbackLng: false,
      load: "currentOnly",
      ns: metaContent("i18n-namespaces").split(",").filter(Boolean),
      defaultNS: "common",
      interpolation: { escapeValue: false },
      // ARCHITECTURE.md: 10 parallel reads, 5 retries starting at 350 ms.
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${encodeURIComponent(version)}` },
    });

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
