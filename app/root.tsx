import "@unocss/reset/tailwind.css";
import "virtual:uno.css";
import "./app.css";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { browserLanguageDetector } from "./components/layout/browser-language";
import { CookieBannerSlot } from "./components/layout/cookie-banner-slot";
import { useMenus } from "./components/layout/disclosure";
import { type PageHandle, usePageHandles } from "./components/layout/page-handle";
import { IconSprite } from "./components/layout/icons";
import { NavigationPending } from "./components/layout/navigation-pending";
import { useNonce } from "./components/layout/nonce";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { useSwitchLanguage } from "./components/layout/use-switch-language";
import { DEFAULT_ACCENT } from "./content/site-pages";
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_STORAGE_KEY,
  scriptSafeJson,
  TRANSLATIONS_ELEMENT_ID,
} from "./lib/i18n";
import { useI18nInstance, useRememberedTranslations } from "./lib/i18n-instance";
import { COOKIE_BANNER_OPEN_CLASS, COOKIE_CONSENT_KEY } from "./lib/cookie-consent";
import { footerFacts, type FooterFacts } from "./lib/organization";
import { usePageSeo } from "./lib/seo";
import type { SessionUser } from "./lib/session-user";
import { THEME_STORAGE_KEY } from "./lib/theme";
import { getLocale, i18nextMiddleware, rememberLocaleMiddleware } from "./server/kernel/i18n.server";
import { postGuardMiddleware } from "./server/kernel/post-guard.server";
import { getSessionUser } from "./server/auth/sessions.server";
import { getOrganization } from "./server/content/organization.server";
import { getTranslationVersion } from "./server/kernel/translations.server";
import { turnstileEnabled } from "./server/kernel/turnstile.server";
import { env } from "./server/kernel/env.server";
import { pageAttribution } from "./server/donations/attribution.server";

export const middleware: Route.MiddlewareFunction[] = [
  i18nextMiddleware,
  rememberLocaleMiddleware,
  postGuardMiddleware,
];

export const handle = { i18n: ["common"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, i18nVersion, organization] = await Promise.all([
    getSessionUser(request, env),
    getTranslationVersion(env),
    getOrganization(env),
  ]);
  // Public forms show the Turnstile widget only when both keys are configured.
  const turnstileSiteKey = turnstileEnabled(env) ? env.TURNSTILE_SITE_KEY! : null;
  // The footer's contact lines and profiles: the organisation's facts in D1 (decision 028).
  const footer = footerFacts(organization);
  // The visit's campaign and referring site, which the public forms post back (AttributionField).
  const attribution = pageAttribution(request, context);
  return { locale: getLocale(context), user, i18nVersion, turnstileSiteKey, footer, attribution };
}

// Only error pages need it, so ordinary pages do not download it.
const ErrorPage = lazy(() =>
  import("./components/error-page").then((module) => ({ default: module.ErrorPage })),
);

/** The scroll-to-top retry of docs/product.md §9, for pages whose content settles after the first paint. */
const SCROLL_RETRY_MS = 50;

// Runs before first paint so the theme never flashes (kept tiny, inline), and follows the device's
// setting while no theme is chosen, on every page, with or without its scripts. On a page that
// hydrates it also marks <html> as `js`, so the controls that need JavaScript show, and opens the
// cookie banner for a visitor who has not answered it: once the page is parsed, whole, as a banner
// painted half-parsed would grow upwards, a layout shift (decision 030). A reading page loads no
// scripts, so it shows the controls that work without them and asks nothing: the banner asks on the
// first page that hydrates (decision 074). The browser has run it before React hydrates, which
// keeps the element as it is: only the server build carries the text (decision 068).
const headScript = (hydrates: boolean) =>
  `(function(){var d=document.documentElement;${hydrates ? 'd.classList.add("js");' : ""}try{var m=matchMedia("(prefers-color-scheme: dark)");var a=function(){var t=localStorage.getItem("${THEME_STORAGE_KEY}");var k=t==="dark"||(t!=="light"&&m.matches);d.classList.toggle("dark",k);d.style.colorScheme=k?"dark":"light"};a();m.addEventListener("change",a);${hydrates ? `var u=function(){return localStorage.getItem("${COOKIE_CONSENT_KEY}")===null};if(u())document.addEventListener("DOMContentLoaded",function(){if(u())d.classList.add("${COOKIE_BANNER_OPEN_CLASS}")})` : ""}}catch(e){}})()`;
const HEAD_SCRIPTS = import.meta.env.SSR
  ? { hydrating: headScript(true), reading: headScript(false) }
  : { hydrating: "", reading: "" };

function useRouteNamespaces(handles: PageHandle[]): string[] {
  return [...new Set(handles.flatMap((handle) => handle.i18n ?? []))];
}

/**
 * The page's accent colour, which its loader looked up with its metadata (`seo.accent`), so the
 * browser does not need the list of every page; pages without one take the default.
 */
function usePageAccent(): string {
  return usePageSeo()?.accent ?? DEFAULT_ACCENT;
}

/** This page's namespaces in its language, for entry.client.tsx to hydrate with (decision 011). */
function TranslationsInPage({ namespaces }: { namespaces: string[] }) {
  const i18n = useI18nInstance();
  // entry.client.tsx reads the server's copy once, before hydrating; the browser never writes it
  // again, so it costs no serialisation there (decision 039).
  if (typeof document !== "undefined") return <TranslationsElement json={READ_BEFORE_HYDRATION} />;
  const json = scriptSafeJson(
    Object.fromEntries(
      namespaces.map((namespace) => [namespace, i18n.getResourceBundle(i18n.language, namespace) ?? {}]),
    ),
  );
  return <TranslationsElement json={{ __html: json }} />;
}

const READ_BEFORE_HYDRATION = { __html: "" };
const TranslationsElement = ({ json }: { json: { __html: string } }) => (
  <script
    type="application/json"
    id={TRANSLATIONS_ELEMENT_ID}
    suppressHydrationWarning
    dangerouslySetInnerHTML={json}
  />
);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const i18n = useI18nInstance();
  const nonce = useNonce();
  const handles = usePageHandles();
  const namespaces = useRouteNamespaces(handles);
  // A reading page's HTML carries no scripts: no modules, no route manifest, no streamed loader data
  // and no translations to hydrate with (decision 074). A page that says nothing hydrates. In the
  // browser the page has hydrated already, so a client navigation to a reading page keeps the scripts.
  const hydrates = typeof document !== "undefined" || handles.every((handle) => handle.hydrate !== false);
  const locale = data?.locale ?? i18n.language;

  return (
    <html lang={locale} dir="ltr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: HEAD_SCRIPTS[hydrates ? "hydrating" : "reading"] }}
        />
        <meta name="i18n-version" content={data?.i18nVersion ?? ""} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body
        data-accent={usePageAccent()}
        className="min-h-screen bg-white font-sans text-gray-900 antialiased dark:bg-gray-950 dark:text-gray-100"
      >
        {children}
        {hydrates ? (
          <>
            <TranslationsInPage namespaces={namespaces} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function SiteFrame({
  user,
  footer,
  children,
}: {
  user: SessionUser | null;
  footer: FooterFacts;
  children: React.ReactNode;
}) {
  // The frame's one translation hook: the header, footer and banner take its `t` (decision 066),
  // whose words the server remembers (decision 058).
  const t = useRememberedTranslations(useTranslation().t, "common");
  useMenus();
  return (
    <>
      {/* First in the page, as GOV.UK places it: keyboard and screen reader users meet it
          before anything else, while it sits visually at the bottom (decision 015). */}
      <CookieBannerSlot t={t} />
      <IconSprite />
      <a
        href="#main"
        className="focus-ring sr-only z-50 rounded-lg bg-white font-semibold text-gray-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:min-h-11 focus:inline-flex focus:items-center focus:px-4"
      >
        {t("skipToContent")}
      </a>
      <SiteHeader user={user} t={t} />
      <main id="main" tabIndex={-1} className="pt-20 outline-none">
        {children}
      </main>
      <SiteFooter facts={footer} t={t} />
      <NavigationPending t={t} />
    </>
  );
}

/**
 * Every route change scrolls to the top at once and again shortly after (docs/product.md §2), unless
 * the address names a section (`/privacy#cookies`, the cookie banner's link): then to it.
 */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const scroll = () => {
      const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    };
    scroll();
    const retry = window.setTimeout(scroll, SCROLL_RETRY_MS);
    return () => window.clearTimeout(retry);
  }, [pathname, hash]);
}

/**
 * The server can only see the query, the cookie and the browser's language. Once hydrated,
 * the browser's detector also reads local and session storage; if they name another language,
 * switch to it, else save the current one so the next request renders it directly.
 */
function useLanguageDetection() {
  const i18n = useI18nInstance();
  const switchLanguage = useSwitchLanguage();
  useEffect(() => {
    // The server saw the query, the cookie and the browser's language. Only a choice kept in
    // storage can differ from what it rendered; without one there is nothing to detect or save.
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(LOCALE_STORAGE_KEY) ?? sessionStorage.getItem(LOCALE_STORAGE_KEY);
    } catch {
      return; // storage blocked by the browser: nothing was kept there
    }
    const cookieMatches = document.cookie.split("; ").includes(`${LOCALE_COOKIE}=${i18n.language}`);
    if (!stored || (stored === i18n.language && cookieMatches)) return;
    void browserLanguageDetector(i18n).then((detector) => {
      const detected = [detector.detect()]
        .flat()
        .map((code) => code?.slice(0, 2))
        .find(isLocale);
      if (detected && detected !== i18n.language) void switchLanguage(detected);
      else detector.cacheUserLanguage(i18n.language);
    });
    // Only once per page load: later changes go through the language selector.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Marks <html> once React owns the page; the end-to-end tests wait for it before clicking. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useScrollToTopOnNavigation();
  useLanguageDetection();
  useHydratedMarker();
  return (
    <SiteFrame user={loaderData.user} footer={loaderData.footer}>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <SiteFrame user={data?.user ?? null} footer={data?.footer ?? null}>
      <Suspense>
        <ErrorPage status={status} />
      </Suspense>
    </SiteFrame>
  );
}
