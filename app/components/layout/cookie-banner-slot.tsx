import { lazy, Suspense, useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { hasCookieChoice, OPEN_COOKIE_SETTINGS_EVENT } from "~/lib/cookie-consent";
import type * as CookieBannerModule from "./cookie-banner";

let bannerModule: typeof CookieBannerModule | undefined;
const loadBanner = () => import("./cookie-banner").then((module) => (bannerModule = module));
/**
 * The banner's code, loaded: the server renders a reading page to one string (entry.server.tsx),
 * which writes a lazy component that has not loaded yet as nothing, so it loads it first.
 */
export const preloadCookieBanner = (): Promise<unknown> => (bannerModule ? Promise.resolve() : loadBanner());
const LazyCookieBanner = lazy(() => loadBanner().then((module) => ({ default: module.CookieBanner })));

// The same object each time, so a render of the kept banner never writes its element again.
const SERVER_HTML = { __html: "" };

/** Whether this browser holds an answer to the banner; storage blocked counts as one, as in hasCookieChoice. */
function answered(): boolean {
  try {
    return hasCookieChoice(window.localStorage);
  } catch {
    return true;
  }
}

/**
 * Before hydrating (entry.client.tsx): the banner's code for a visitor who has not answered it, so
 * the page hydrates with the banner working; nothing for one who has (decision 068).
 */
export function loadCookieBannerIfAsked(): Promise<unknown> {
  return answered() ? Promise.resolve() : loadBanner();
}

/**
 * Where the cookie banner sits. The server always writes the banner (the head script shows it before
 * first paint, decision 030). In the browser, a visitor who answered it keeps that hidden HTML and
 * loads none of its code until the footer's "Cookie settings" asks for it again (decision 068).
 */
export function CookieBannerSlot({ t }: { t: TFunction }) {
  const [asked, setAsked] = useState(() => typeof document === "undefined" || !answered());
  // The element that reopened the banner, which gets focus back when it closes.
  const [reopenedBy, setReopenedBy] = useState<Element | null>();
  // Loaded before hydrating when the banner is shown; otherwise loaded when it is reopened.
  const [Banner] = useState(() => bannerModule?.CookieBanner ?? LazyCookieBanner);

  useEffect(() => {
    if (asked) return;
    function reopen() {
      // The reopened banner shows its settings at once: ask for their code beside the banner's
      // rather than after it.
      void import("./cookie-settings");
      setReopenedBy(document.activeElement);
      setAsked(true);
    }
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
  }, [asked]);

  return (
    <Suspense>
      {asked ? (
        <Banner t={t} reopenedBy={reopenedBy} />
      ) : (
        <section className="cookie-banner" suppressHydrationWarning dangerouslySetInnerHTML={SERVER_HTML} />
      )}
    </Suspense>
  );
}
