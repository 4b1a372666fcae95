import {
  createInstance,
  type BackendModule,
  type i18n,
  type InitOptions,
  type ReadCallback,
  type TFunction,
} from "i18next";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
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
import { getTranslationBundle, NAMESPACES } from "./translations.server";
import { env as workerEnv } from "./env.server";

/** The plain `lng` cookie that both the server and the browser's detector write. */
function readLocaleCookie(request: Request): string | null {
  return readCookie(request, LOCALE_COOKIE);
}

function localeCookieHeader(locale: string): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** A supported language named by a code such as `es`, `es-MX` or `ES_us`, if any. */
function supported(code: string | null | undefined): Locale | null {
  const primary = code?.trim().slice(0, 2).toLowerCase();
  return isLocale(primary) ? primary : null;
}

/** The first supported language of an Accept-Language header, by the weights it gives. */
function fromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = supported(tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The request's language. Server detection follows docs/product.md §1 as far as a server can see:
 * query, cookie, then the browser's language. Local and session storage are read in the browser
 * (entry.client.tsx). The edge HTML cache keys on this too (page-cache.server.ts).
 */
export function detectLocale(request: Request): Locale {
  const query = new URL(request.url).searchParams.get(LOCALE_QUERY_PARAM);
  return (
    supported(query) ??
    supported(readLocaleCookie(request)) ??
    fromAcceptLanguage(request.headers.get("Accept-Language")) ??
    DEFAULT_LOCALE
  );
}

/**
 * i18next's backend over the copy of the current version (the build's JSON with the admin's edits),
 * which the isolate holds parsed (`getTranslationBundle`): every instance reads the same objects,
 * without copying them (i18next adds a backend's namespaces as they are).
 * i18next makes one backend per instance and reads each namespace apart, so a request's instance
 * asks for its language's bundle once, not once per namespace: every namespace of one instance
 * comes from the same version (decision 050, measured in decision 058).
 */
class TranslationBackend implements BackendModule {
  static type = "backend" as const;
  type = "backend" as const;
  private readonly bundles = new Map<Locale, ReturnType<typeof getTranslationBundle>>();
  constructor(private readonly env: Pick<Env, "DB" | "CACHE"> = workerEnv) {}

  init() {}

  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLocale(language)) return callback(null, {});
    let bundle = this.bundles.get(language);
    if (!bundle) this.bundles.set(language, (bundle = getTranslationBundle(this.env, language)));
    bundle.then(
      ({ bundle }) => callback(null, (bundle[namespace] ?? {}) as Record<string, string>),
      (error: Error) => callback(error, false),
    );
  }
}

/** How every server instance is set up: the request's language, English for a key it lacks. */
const I18NEXT_OPTIONS = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  ns: NAMESPACES,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  // Load at once rather than after a timer: the backend answers from the isolate's memory.
  initAsync: false,
  // i18next's defaults, said out loud: its keys are then read as paths (`nav.about`,
  // `common:loading`) without first testing each for a sentence used as its own key, a test it
  // otherwise runs on every `t` call (decision 058). The site's keys are never sentences.
  keySeparator: ".",
  nsSeparator: ":",
} satisfies InitOptions;

/**
 * remix-i18next's middleware (docs/decisions/050-the-libraries-as-intended.md): an i18next
 * instance per request, in the language `detectLocale` finds, so the edge HTML cache, which keys
 * pages before React Router runs, and the page itself always agree on it.
 */
const [middleware, getLocaleCode, getRequestInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async ({ request }) => detectLocale(request),
  },
  i18next: I18NEXT_OPTIONS,
  plugins: [TranslationBackend],
});

export const i18nextMiddleware = middleware;

/** The request's language (the middleware only ever detects supported ones). */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return toLocale(getLocaleCode(context));
}

/** The request's i18next instance. */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return getRequestInstance(context);
}

/** The request's language as a Locale. */
export function requestLocale(context: Readonly<RouterContextProvider>): Locale {
  return getLocale(context);
}

/** A translator for one language and namespace, with the admin's overrides merged (mail, Stripe's line items). */
export async function translatorFor(
  env: Pick<Env, "DB" | "CACHE">,
  localeCode: string,
  namespace: string,
): Promise<TFunction> {
  const locale = toLocale(localeCode);
  const instance = createInstance({ ...I18NEXT_OPTIONS, lng: locale }).use(new TranslationBackend(env));
  await instance.init();
  return instance.getFixedT(locale, namespace);
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
