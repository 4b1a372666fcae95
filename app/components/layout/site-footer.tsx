import type { TFunction } from "i18next";
import { Form, Link } from "react-router";
import { AttributionField } from "~/components/forms/attribution-field";
import { openCookieSettings } from "~/lib/cookie-consent";
import type { FooterFacts } from "~/lib/organization";
import { HeartIcon, LogoMark } from "./icons";
import { KeptPart, PartLink } from "./kept-part";
import { LanguageSelector } from "./language-selector";
import { FOOTER_LINKS, type NavLink } from "./navigation";

const footerLinkClass = "footer-link"; // uno.config.ts shortcuts

/** A column of links, kept as the server wrote it while the page hydrates (decision 039). */
function LinkList({ t, title, links }: { t: TFunction; title: string; links: NavLink[] }) {
  return (
    <>
      <h2 className="footer-heading">{t(title)}</h2>
      <ul className="mt-3 space-y-0.5">
        {links.map((link) => (
          <li key={link.to}>
            <PartLink to={link.to} className={footerLinkClass}>
              {t(`nav.${link.label}`)}
            </PartLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Links side by side in a row of the footer, each a list item. */
function InlineLinks({ links }: { links: { to: string; label: string }[] }) {
  return links.map((link) => (
    <li key={link.to}>
      <Link to={link.to} className={footerLinkClass}>
        {link.label}
      </Link>
    </li>
  ));
}

/** The organisation's profiles, e-mail and telephone (decision 028). */
function Connect({ t, facts }: { t: TFunction; facts: FooterFacts }) {
  const opensInNewTab = t("footer.social.opensInNewTab");
  return (
    <>
      <h2 id="footer-social" className="font-bold text-gray-900 dark:text-white">
        {t("footer.connect")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("footer.social.label")}>
        {facts?.social.map((network) => (
          <li key={network.id}>
            <a
              href={network.url}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-secondary px-3 text-sm"
            >
              {t(`footer.social.${network.id}`)}
              <span className="sr-only"> {opensInNewTab}</span>
            </a>
          </li>
        ))}
      </ul>
      {facts ? (
        // Each a 44 px target (docs/conventions.md), side by side while they fit.
        <p className="mt-2 flex flex-wrap items-center gap-x-2 text-sm text-gray-700 dark:text-gray-300">
          <a href={`mailto:${facts.email}`} className="link tap-target inline-flex items-center">
            {facts.email}
          </a>
          <span aria-hidden="true">·</span>
          <a href={`tel:${facts.phone}`} className="link tap-target inline-flex items-center">
            {facts.phoneDisplay}
          </a>
        </p>
      ) : null}
    </>
  );
}

/** `facts`: the organisation's contact lines and profiles from D1 (decision 028), null when unknown. */
export function SiteFooter({ t, facts }: { t: TFunction; facts: FooterFacts }) {
  const year = new Date().getFullYear();
  const cookieSettings = t("footer.cookieSettings");

  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Link
            to="/"
            className="focus-ring tap-target inline-flex items-center gap-2 rounded-lg text-xl font-extrabold text-gray-900 no-underline dark:text-white"
          >
            <LogoMark />
            {t("product")}
          </Link>
          <p className="mt-3 max-w-md text-gray-700 dark:text-gray-300">{t("footer.tagline")}</p>
          <p className="mt-2 max-w-md text-sm text-gray-700 dark:text-gray-300">{t("footer.taxExempt")}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Link to="/give" className="btn-donate">
              <HeartIcon />
              {t("footer.donateNow")}
            </Link>
            <LanguageSelector t={t} align="left" />
          </div>
          <ul className="mt-4 flex flex-wrap gap-x-4">
            <InlineLinks
              links={[
                { to: "/contact", label: t("footer.contactForm") },
                { to: "/events", label: t("footer.eventCalendar") },
              ]}
            />
          </ul>
        </div>
        <KeptPart>
          <LinkList t={t} title="footer.quickLinks" links={FOOTER_LINKS.quickLinks} />
        </KeptPart>
        <KeptPart>
          <LinkList t={t} title="footer.programs" links={FOOTER_LINKS.programs} />
        </KeptPart>
        <KeptPart>
          <LinkList t={t} title="footer.getInvolved" links={FOOTER_LINKS.getInvolved} />
        </KeptPart>
      </div>

      <div className="container-page grid gap-8 border-t border-gray-200 py-8 md:grid-cols-2 dark:border-gray-800">
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="font-bold text-gray-900 dark:text-white">
            {t("footer.newsletter.title")}
          </h2>
          <p id="footer-newsletter-description" className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {t("footer.newsletter.description")}
          </p>
          {/* The server's translated message answers an empty or mistyped address, never the
              browser's own bubble (docs/conventions.md, Forms). */}
          <Form method="post" action="/newsletter" noValidate className="mt-3 flex flex-wrap items-end gap-2">
            <input type="hidden" name="source" value="footer" />
            <AttributionField />
            <div className="flex min-w-56 flex-1 flex-col">
              <label htmlFor="footer-newsletter-email" className="text-sm font-medium">
                {t("footer.newsletter.emailLabel")}
              </label>
              <input
                id="footer-newsletter-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                aria-describedby="footer-newsletter-description"
                placeholder={t("footer.newsletter.emailPlaceholder")}
                className="focus-ring tap-target mt-1 rounded-lg border border-gray-400 bg-white px-3 text-gray-900 dark:border-gray-500 dark:bg-gray-950 dark:text-white"
              />
            </div>
            <button type="submit" className="btn-primary">
              {t("footer.newsletter.submit")}
            </button>
          </Form>
        </section>
        <KeptPart as="section" aria-labelledby="footer-social" data={facts}>
          <Connect t={t} facts={facts} />
        </KeptPart>
      </div>

      <div className="border-t border-gray-200 dark:border-gray-800">
        <div className="container-page flex flex-col gap-2 py-6 text-sm text-gray-700 sm:flex-row sm:items-center sm:justify-between dark:text-gray-300">
          <p>{t("footer.copyright", { year })}</p>
          <nav aria-label={t("footer.legal")}>
            <ul className="flex flex-wrap gap-x-4">
              <InlineLinks
                links={[
                  { to: "/privacy", label: t("footer.privacy") },
                  { to: "/terms", label: t("footer.terms") },
                  { to: "/accessibility", label: t("footer.accessibility") },
                ]}
              />
              <li>
                {/* With JavaScript it reopens the banner; without, nothing optional can be stored,
                    so it leads to the privacy page's account of what is (decision 015). */}
                <button
                  type="button"
                  onClick={() => openCookieSettings()}
                  className={`js-only cursor-pointer ${footerLinkClass}`}
                >
                  {cookieSettings}
                </button>
                <Link to="/privacy#cookies" className={`no-js-only ${footerLinkClass}`}>
                  {cookieSettings}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
