import { env } from "cloudflare:workers";
import { createInstance, type BackendModule, type i18n, type ReadCallback, type TFunction } from "i18next";
import type { MiddlewareFunction } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { readCookie } from "./cookies.server";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_QUERY_PARAM,
  SUPPORTED_LOCALES,
  toLocale,
  type Locale,
} from "~/lib/i18n";
import {
  getTranslationBundle,
  getTranslationVersion,
  NAMESPACES,
  type TranslationBundle,
} from "./translations.server";

/** The plain `lng` cookie that both the server and the browser's detector write. */
function readLocaleCookie(request: Request): string | null {
  return readCookie(request, LOCALE_COOKIE);
}

function localeCookieHeader(locale: string): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * i18next backend over the KV-cached bundle. i18next makes one instance per request (the
 * middleware passes the class), so the version is read once per request, not once per namespace.
 */
class TranslationBackend implements BackendModule {
  static type = "backend" as const;
  type = "backend" as const;
  private bundles = new Map<string, Promise<TranslationBundle>>();
  private version: Promise<string> | undefined;

  init() {}

  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLocale(language)) return callback(null, {});
    this.version ??= getTranslationVersion(env);
    let bundle = this.bundles.get(language);
    if (!bundle) {
      bundle = this.version.then(
        async (version) => (await getTranslationBundle(env, language, version)).bundle,
      );
      this.bundles.set(language, bundle);
    }
    bundle.then(
      (resources) => callback(null, (resources[namespace] ?? {}) as Record<string, string>),
      (error: Error) => callback(error, false),
    );
  }
}

// Server detection follows docs/product.md §1 as far as a server can see: query, cookie, then the
// browser's language. Local and session storage are read in the browser (entry.client.tsx).
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["searchParams", "custom", "header"],
    searchParamKey: LOCALE_QUERY_PARAM,
    findLocale: async ({ request }) => readLocaleCookie(request),
  },
  i18next: {
    supportedLngs: [...SUPPORTED_LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    ns: NAMESPACES,
    defaultNS: "common",
    interpolation: { escapeValue: false },
  },
  // entry.server.tsx hands each request its own instance through I18nextProvider.
  plugins: [TranslationBackend],
});

/** The request's language as a Locale (the middleware only ever detects supported ones). */
export function requestLocale(context: Parameters<typeof getLocale>[0]): Locale {
  return toLocale(getLocale(context));
}

/**
 * One i18next instance per language for text made outside a page request (e-mails, Stripe's
 * line items), rebuilt only when the copy's version changes after an admin edit.
 */
const fixedInstances = new Map<Locale, { version: string; instance: i18n }>();

/** A translator for one language and namespace, with the admin's overrides merged. */
export async function translatorFor(
  env: Pick<Env, "DB" | "CACHE">,
  localeCode: string,
  namespace: string,
): Promise<TFunction> {
  const locale = toLocale(localeCode);
  const version = await getTranslationVersion(env);
  let cached = fixedInstances.get(locale);
  if (cached?.version !== version) {
    const { bundle } = await getTranslationBundle(env, locale, version);
    const instance = createInstance({
      lng: locale,
      resources: { [locale]: bundle },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    await instance.init();
    cached = { version, instance };
    fixedInstances.set(locale, cached);
  }
  return cached.instance.getFixedT(locale, namespace);
}

/** A ?lng= choice is remembered in the cookie, so it holds on the next page without JavaScript. */
export const rememberLocaleMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const requested = new URL(request.url).searchParams.get(LOCALE_QUERY_PARAM);
  if (isLocale(requested) && readLocaleCookie(request) !== requested) {
    response.headers.append("Set-Cookie", localeCookieHeader(requested));
  }
  return response;
};
