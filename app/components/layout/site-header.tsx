import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { Form, Link, NavLink, useLocation, useNavigate, useRevalidator } from "react-router";
import type { SessionUser } from "~/lib/session-user";
import { isStaffRole } from "~/lib/vocabulary";
import { Disclosure } from "./disclosure";
import { ChevronDownIcon, HeartIcon, LogoMark, MenuIcon } from "./icons";
import { LanguageSelector } from "./language-selector";
import { KeptPart, PartLink } from "./kept-part";
import { NAV_GROUPS } from "./navigation";
import { ThemeSwitcher } from "./theme-switcher";

/** The header compacts once the page has scrolled this far (docs/product.md §9). */
const HEADER_COMPACT_AFTER_PX = 50;

// uno.config.ts shortcuts: each link carries one class name instead of the whole list.
const topLinkClass = "nav-top-link";
const menuLinkClass = "nav-menu-link";
/** Expanded, so font-semibold and the current page's font-bold keep their order. */
const overviewLinkClass =
  "tap-target focus-ring flex items-center rounded-lg px-3 py-2 text-gray-800 no-underline hover:bg-gray-100 aria-[current=page]:font-bold dark:text-gray-100 dark:hover:bg-gray-800 font-semibold";

function useCompactHeader() {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setCompact(window.scrollY > HEADER_COMPACT_AFTER_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return compact;
}

type UserProps = { t: TFunction; user: SessionUser; onLogout: () => void };

function UserArea({ t, user, onLogout }: UserProps) {
  const displayName = user.name || user.email;
  const role = user.role.toLowerCase();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link
        to="/account"
        className="focus-ring tap-target flex flex-col justify-center rounded-lg px-2 text-right leading-tight text-gray-900 no-underline hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
        title={t("header.signedInAs", { name: displayName, role })}
      >
        <span className="max-w-40 truncate text-sm font-semibold">{displayName}</span>
        <span className="text-xs text-gray-600 dark:text-gray-300">{role}</span>
      </Link>
      <UserActions t={t} user={user} onLogout={onLogout} />
    </div>
  );
}

function UserActions({ t, user, onLogout }: UserProps) {
  return (
    <>
      {isStaffRole(user.role) ? (
        <Link to="/admin" className="btn-secondary px-3 text-sm">
          {t("nav.adminDashboard")}
        </Link>
      ) : null}
      <Form
        method="post"
        action="/logout"
        onSubmit={(event) => {
          event.preventDefault();
          void onLogout();
        }}
      >
        <button type="submit" className="btn-secondary w-full px-3 text-sm">
          {t("nav.logout")}
        </button>
      </Form>
    </>
  );
}

/**
 * The top bar has no room for name, Admin and Logout side by side next to the navigation,
 * so there they sit in a menu under the name and role (the mobile menu lists them flat).
 */
function UserMenu({ t, user, onLogout }: UserProps) {
  const displayName = user.name || user.email;
  const role = user.role.toLowerCase();
  return (
    <Disclosure
      className="relative"
      summaryClassName="focus-ring tap-target summary-plain flex items-center gap-1 rounded-lg px-2 text-gray-900 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
      summary={
        <>
          <span
            className="flex flex-col text-right leading-tight"
            title={t("header.signedInAs", { name: displayName, role })}
          >
            <span className="max-w-36 truncate text-sm font-semibold">{displayName}</span>
            <span className="text-xs text-gray-600 dark:text-gray-300">{role}</span>
          </span>
          <ChevronDownIcon />
        </>
      }
    >
      <div className="absolute right-0 z-50 mt-2 grid min-w-48 gap-2 rounded-xl border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900">
        <Link to="/account" className={menuLinkClass}>
          {t("nav.account")}
        </Link>
        <UserActions t={t} user={user} onLogout={onLogout} />
      </div>
    </Disclosure>
  );
}

/**
 * The navigation's words, translated once for both menus: the top bar's and the small screen's
 * show the same groups and pages (decision 067).
 */
function translatedNav(t: TFunction) {
  return {
    home: t("nav.home"),
    contact: t("nav.contact"),
    groups: NAV_GROUPS.map((group) => ({
      to: group.overview.to,
      name: t(`nav.${group.label}`),
      overview: t(`nav.overviews.${group.label}`),
      links: group.links.map((link) => ({ to: link.to, name: t(`nav.${link.label}`) })),
    })),
  };
}
type TranslatedNav = ReturnType<typeof translatedNav>;
type TranslatedGroup = TranslatedNav["groups"][number];

/** A top-bar menu's links: kept as the server wrote them while the page hydrates (decision 039). */
function GroupLinks({ group, pathname }: { group: TranslatedGroup; pathname: string }) {
  return [{ to: group.to, name: group.overview }, ...group.links].map((link) => (
    <li key={link.to}>
      <PartLink to={link.to} current={link.to === pathname} className={menuLinkClass}>
        {link.name}
      </PartLink>
    </li>
  ));
}

/** The small screen's menu: every group's overview with its pages under it (decision 039). */
function MobileMenuLinks({ nav, pathname }: { nav: TranslatedNav; pathname: string }) {
  return (
    <>
      <li>
        <PartLink to="/" current={pathname === "/"} className={menuLinkClass}>
          {nav.home}
        </PartLink>
      </li>
      {nav.groups.map((group) => (
        <li key={group.to}>
          <PartLink to={group.to} current={group.to === pathname} className={overviewLinkClass}>
            {group.name}
          </PartLink>
          <ul className="ml-4 border-l border-gray-200 pl-2 dark:border-gray-700">
            {group.links.map((link) => (
              <li key={link.to}>
                <PartLink to={link.to} current={link.to === pathname} className={menuLinkClass}>
                  {link.name}
                </PartLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
      <li>
        <PartLink to="/contact" current={pathname === "/contact"} className={menuLinkClass}>
          {nav.contact}
        </PartLink>
      </li>
    </>
  );
}

function DonateButton({ t }: { t: TFunction }) {
  return (
    <Link to="/give" className="btn-donate">
      <HeartIcon />
      {t("nav.donate")}
    </Link>
  );
}

/**
 * docs/product.md §4 and §7: logout posts /api/v1/auth/logout and clears the user even if the call
 * fails. With JavaScript the header forgets the user at once; without it, the Logout form
 * posts to /logout. A later sign-in (or a successful logout) resets that.
 */
function useShownUser(user: SessionUser | null) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [loggedOutId, setLoggedOutId] = useState<string | null>(null);
  useEffect(() => {
    if (!user) setLoggedOutId(null);
  }, [user]);
  const shown = user && user.id !== loggedOutId ? user : null;
  async function logout() {
    setLoggedOutId(user?.id ?? null);
    try {
      await fetch("/api/v1/auth/logout", { method: "POST", credentials: "same-origin" });
    } catch {
      // Signed out locally all the same.
    }
    await navigate("/");
    await revalidator.revalidate();
  }
  return [shown, logout] as const;
}

/** `t`: the site frame's translation (decision 066), handed to every part of the header. */
export function SiteHeader({ t, user: sessionUser }: { t: TFunction; user: SessionUser | null }) {
  const compact = useCompactHeader();
  const [user, onLogout] = useShownUser(sessionUser);
  const { pathname } = useLocation();
  const nav = translatedNav(t);

  return (
    <header
      data-compact={compact ? "true" : "false"}
      className="group fixed inset-x-0 top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur transition-shadow data-[compact=true]:shadow-md dark:border-gray-800 dark:bg-gray-950/95"
    >
      {/* A little wider than the page so the whole bar fits on one line in Spanish too. */}
      <div className="container-page flex h-20 items-center gap-3 transition-[height] duration-200 group-data-[compact=true]:h-14 xl:max-w-7xl">
        <Link
          to="/"
          className="focus-ring tap-target flex shrink-0 items-center gap-2 rounded-lg text-xl font-extrabold text-gray-900 no-underline dark:text-white"
          aria-label={t("header.homeLink")}
        >
          <LogoMark className="h-9 w-9 transition-all group-data-[compact=true]:h-7 group-data-[compact=true]:w-7" />
          <span>{t("product")}</span>
        </Link>

        <nav aria-label={t("nav.label")} className="ml-4 hidden xl:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to="/" end className={topLinkClass}>
                {nav.home}
              </NavLink>
            </li>
            {nav.groups.map((group) => (
              <li key={group.to}>
                <Disclosure
                  className="relative"
                  summaryClassName={`${topLinkClass} summary-plain gap-1`}
                  summary={
                    <>
                      {group.name}
                      <ChevronDownIcon />
                    </>
                  }
                >
                  <KeptPart as="ul" className="menu-panel left-0 min-w-56">
                    <GroupLinks group={group} pathname={pathname} />
                  </KeptPart>
                </Disclosure>
              </li>
            ))}
            <li>
              <NavLink to="/contact" className={topLinkClass}>
                {nav.contact}
              </NavLink>
            </li>
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <div className="hidden items-center gap-2 xl:flex">
            <LanguageSelector t={t} />
            <ThemeSwitcher t={t} />
          </div>
          {user ? (
            <div className="hidden sm:block">
              <UserMenu t={t} user={user} onLogout={onLogout} />
            </div>
          ) : (
            <DonateButton t={t} />
          )}
          <Disclosure
            className="xl:hidden"
            label={t("nav.openMenu")}
            summaryClassName="tap-target focus-ring summary-plain flex items-center justify-center rounded-lg border border-gray-300 text-gray-900 dark:border-gray-600 dark:text-white"
            summary={<MenuIcon />}
          >
            <nav
              aria-label={t("nav.mobileLabel")}
              className="absolute inset-x-0 top-full max-h-[calc(100dvh-5rem-var(--cookie-banner-height,0px))] overflow-y-auto border-b border-gray-200 bg-white px-4 pb-6 pt-2 shadow-lg dark:border-gray-800 dark:bg-gray-950"
            >
              <KeptPart as="ul" className="grid gap-1 sm:grid-cols-2">
                <MobileMenuLinks nav={nav} pathname={pathname} />
              </KeptPart>
              <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4 dark:border-gray-800">
                <LanguageSelector t={t} align="left" />
                <ThemeSwitcher t={t} />
                {user ? (
                  <div className="sm:hidden">
                    <UserArea t={t} user={user} onLogout={onLogout} />
                  </div>
                ) : null}
              </div>
            </nav>
          </Disclosure>
        </div>
      </div>
    </header>
  );
}
