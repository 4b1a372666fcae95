import { createI18nextMiddleware } from "remix-i18next";
import { resources } from "./locales";

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: { supportedLanguages: ["en", "es"], fallbackLanguage: "en" },
  i18next: { resources, fallbackLng: "en" },
});
