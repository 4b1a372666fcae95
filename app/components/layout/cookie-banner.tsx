import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import {
  COOKIE_BANNER_HEIGHT_VAR,
  COOKIE_BANNER_OPEN_CLASS,
  hasCookieChoice,
  OPEN_COOKIE_SETTINGS_EVENT,
} from "~/lib/cookie-consent";
import {
  OPTIONAL_COOKIE_CATEGORIES,
  preferencesForChoice,
  readCookiePreferences,
  saveCookiePreferences,
  type ConsentChoice,
  type CookiePreferences,
} from "~/lib/cookie-preferences";

const BUTTON_SIZE = "px-2 text-sm sm:px-5 sm:text-base";

const CookieSettings = lazy(() => import("./cookie-settings"));

/**
 * Shown until a choice is saved, and again from the footer's "Cookie settings". The inline head
 * script marks <html> with `cookie-banner-open` before first paint, so a returning visitor never
 * sees it flash; without JavaScript no optional cookie can be set, so nothing is asked. A returning
 * visitor's page loads this code only when they reopen it (`CookieBannerSlot`, decision 068):
 * `reopenedBy` is then the element that asked, which gets focus back when the banner closes.
 *
 * The banner is fixed to the bottom of the window, so while it is open the page reserves its
 * height (body padding and scroll padding, app.css): a focused element is always scrolled clear
 * of it (decision 015).
 */
export function CookieBanner({ t, reopenedBy }: { t: TFunction; reopenedBy?: Element | null }) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Set when the footer link reopened the banner: focus goes back there when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [reopened, setReopened] = useState(false);
  const [showSettings, setShowSettings] = useState(false);
  const [preferences, setPreferences] = useState<CookiePreferences>(() => preferencesForChoice("necessary"));

  useEffect(() => {
    setPreferences(readCookiePreferences(localStorage));
    // The head script opens it once the page is parsed; hydration may come first, so decide here too.
    if (!hasCookieChoice(localStorage)) document.documentElement.classList.add(COOKIE_BANNER_OPEN_CLASS);
    setOpen(document.documentElement.classList.contains(COOKIE_BANNER_OPEN_CLASS));
    function reopen(asking: Element | null) {
      opener.current = asking instanceof HTMLElement ? asking : null;
      setPreferences(readCookiePreferences(localStorage));
      setShowSettings(true);
      setReopened(true);
      setOpen(true);
      document.documentElement.classList.add(COOKIE_BANNER_OPEN_CLASS);
    }
    if (reopenedBy !== undefined) reopen(reopenedBy);
    const onOpenSettings = () => reopen(document.activeElement);
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, onOpenSettings);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, onOpenSettings);
    // Mounted once; `reopenedBy` is what mounted it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The settings replace the button that opened them: focus moves to their heading.
  useEffect(() => {
    if (open && showSettings) heading.current?.focus();
  }, [open, showSettings]);

  function close() {
    const focusWasInside = section.current?.contains(document.activeElement) ?? false;
    document.documentElement.classList.remove(COOKIE_BANNER_OPEN_CLASS);
    setOpen(false);
    setReopened(false);
    setShowSettings(false);
    // The focused button disappears with the banner: hand focus back to where it came from,
    // or to the page's content, rather than losing it.
    if (opener.current?.isConnected) opener.current.focus();
    else if (focusWasInside) document.getElementById("main")?.focus();
    opener.current = null;
  }

  function save(next: CookiePreferences, choice: ConsentChoice) {
    saveCookiePreferences(localStorage, next, choice);
    close();
  }

  // While open, the page reserves the banner's height so nothing focusable stays under it.
  useEffect(() => {
    const element = section.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty(COOKIE_BANNER_HEIGHT_VAR, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    // Chrome scrolls a focused textarea only far enough to show its caret, leaving the rest under
    // the banner; scrolling the whole element into view (scroll padding applies) fixes that.
    function onFocusIn(event: FocusEvent) {
      const target = event.target;
      if (!(target instanceof Element) || element!.contains(target)) return;
      if (target.getBoundingClientRect().bottom > element!.getBoundingClientRect().top)
        target.scrollIntoView({ block: "nearest" });
    }
    document.addEventListener("focusin", onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener("focusin", onFocusIn);
      root.style.removeProperty(COOKIE_BANNER_HEIGHT_VAR);
    };
  }, [open]);

  // Escape answers "necessary only" on a first visit; after a reopen it closes and keeps the
  // saved choice. An open menu handles its own Escape first (`defaultPrevented`, `useMenus`); a
  // modal dialog owns it while open.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (document.querySelector("dialog[open]")) return;
      if (reopened) close();
      else save(preferencesForChoice("necessary"), "necessary");
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
    // close and save read only refs and stable setters besides `reopened`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reopened]);

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      className="cookie-banner fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto border-t border-gray-300 bg-white py-3 shadow-2xl dark:border-gray-700 dark:bg-gray-900"
    >
      <div className="container-page">
        <h2
          ref={heading}
          id={headingId}
          tabIndex={-1}
          className="text-lg font-bold text-gray-900 outline-none dark:text-white"
        >
          {showSettings ? t("cookies.settingsTitle") : t("cookies.title")}
        </h2>
        {/* Two short paragraphs rather than one long one: on a phone no block of the banner is
            larger than the page's own lead, so the page's content is its largest paint (decision 030).
            Wider screens set them as one. */}
        <div className="mt-1 max-w-4xl text-sm text-gray-700 sm:text-base dark:text-gray-300">
          <p className="sm:inline">{t("cookies.stored")}</p>{" "}
          <p className="sm:inline">
            {t("cookies.optional")}{" "}
            <Link to="/privacy#cookies" className="link">
              {t("cookies.learnMore")}
            </Link>
          </p>
        </div>
        {showSettings ? (
          // Only someone who opens the settings needs their code (decision 030).
          <Suspense fallback={null}>
            <CookieSettings
              idPrefix={headingId}
              categories={OPTIONAL_COOKIE_CATEGORIES}
              preferences={preferences}
              onChange={setPreferences}
            />
          </Suspense>
        ) : null}
        {/* Side by side even on a phone, so the banner (whose height the page reserves) stays short.
            The middle button takes the width of its one word ("Configuración" at 390 px); the
            outer two share the rest and wrap their two words. */}
        <div className="mt-3 grid grid-cols-[1fr_auto_1fr] gap-2 sm:flex sm:flex-wrap">
          <button
            type="button"
            className={`btn-secondary ${BUTTON_SIZE}`}
            onClick={() => save(preferencesForChoice("necessary"), "necessary")}
          >
            {t("cookies.necessaryOnly")}
          </button>
          {showSettings ? (
            <button
              type="button"
              className={`btn-secondary ${BUTTON_SIZE}`}
              onClick={() => save(preferences, "custom")}
            >
              {t("cookies.savePreferences")}
            </button>
          ) : (
            <button
              type="button"
              className={`btn-secondary ${BUTTON_SIZE}`}
              aria-expanded={false}
              onClick={() => setShowSettings(true)}
            >
              {t("cookies.settings")}
            </button>
          )}
          <button
            type="button"
            className={`btn-primary ${BUTTON_SIZE}`}
            onClick={() => save(preferencesForChoice("all"), "all")}
          >
            {t("cookies.acceptAll")}
          </button>
        </div>
      </div>
    </section>
  );
}
