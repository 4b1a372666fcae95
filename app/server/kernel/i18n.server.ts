import { createInstance, type BackendModule, type i18n, type ReadCallback, type TFunction } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
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
import { getTranslationBundle, getTranslationVersion, NAMESPACES } from "./translations.server";
import { env } from "./env.server";

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

/** i18next backend over the isolate- and KV-cached bundle, for a language an instance lacks. */
class TranslationBackend implements BackendModule {
  static type = "backend" as const;
  type = "backend" as const;
  constructor(private readonly version?: string) {}

  init() {}

  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLocale(language)) return callback(null, {});
    getTranslationBundle(env, language, this.version).then(
      ({ bundle }) => callback(null, (bundle[namespace] ?? {}) as Record<string, string>),
      (error: Error) => callback(error, false),
    );
  }
}

/**
 * One i18next instance per language and version of the copy, shared by every request the isolate
 * serves (decision 027): made once, with the language's bundle given as resources, instead of one
 * instance initialised per request. A request never changes its instance's language; the other
 * language, when mail needs it, is loaded into it through the backend.
 */
const instances = new Map<string, Promise<i18n>>();

async function makeInstance(locale: Locale, version: string): Promise<i18n> {
  const { bundle } = await getTranslationBundle(env, locale, version);
  const instance = createInstance({
    lng: locale,
    supportedLngs: [...SUPPORTED_LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    ns: NAMESPACES,
    defaultNS: "common",
    resources: { [locale]: bundle },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.use(new TranslationBackend(version));
  await instance.init();
  // The fallback language's copy, for a key this language lacks.
  if (locale !== DEFAULT_LOCALE) await instance.loadLanguages(DEFAULT_LOCALE);
  return instance;
}

/** The shared instance for a language at the current version of the copy. */
export async function instanceFor(env: Pick<Env, "DB" | "CACHE">, locale: Locale): Promise<i18n> {
  const version = await getTranslationVersion(env);
  const key = `${version}:${locale}`;
  let instance = instances.get(key);
  if (!instance) {
    for (const other of instances.keys()) if (!other.startsWith(`${version}:`)) instances.delete(other);
    instance = makeInstance(locale, version);
    instances.set(key, instance);
    instance.catch(() => instances.delete(key));
  }
  return instance;
}

const localeContext = createContext<Locale>();
const i18nextContext = createContext<i18n>();

/** Detects the request's language and hands it the shared instance for it. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = detectLocale(request);
  context.set(localeContext, locale);
  context.set(i18nextContext, await instanceFor(env, locale));
  return next();
};

/** The request's language (the middleware only ever detects supported ones). */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

/** The request's i18next instance (shared: never change its language). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return context.get(i18nextContext);
}

/** The request's language as a Locale. */
export function requestLocale(context: Readonly<RouterContextProvider>): Locale {
  return toLocale(getLocale(context));
}

/** A translator for one language and namespace, with the admin's overrides merged (mail, Stripe's line items). */
export async function translatorFor(
  env: Pick<Env, "DB" | "CACHE">,
  localeCode: string,
  namespace: string,
): Promise<TFunction> {
  const locale = toLocale(localeCode);
  return (await instanceFor(env, locale)).getFixedT(locale, namespace);
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
