/** Decorative inline icons; each is hidden from assistive technology, text carries the meaning. */
type IconProps = { className?: string };

/**
 * Each icon's drawing, once per page in the sprite (`IconSprite`, placed by the root layout); the
 * icons themselves are a `<use>` of it, so a header and footer with many icons repeat no paths.
 */
const DRAWINGS = {
  "chevron-down": '<path d="m6 9 6 6 6-6" stroke-linecap="round" stroke-linejoin="round"/>',
  menu: '<path d="M4 6h16M4 12h16M4 18h16" stroke-linecap="round"/>',
  globe: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>',
  sun: '<g stroke-linecap="round"><circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/></g>',
  moon: '<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" stroke-linejoin="round"/>',
  monitor:
    '<g stroke-linejoin="round"><rect x="3" y="4" width="18" height="12" rx="2"/><path d="M8 20h8M12 16v4"/></g>',
  check: '<path d="m5 12 5 5 9-10" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
  heart:
    '<path d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.5C12 6.1 13.4 5 15.4 5c3.4 0 5.5 3.4 4.1 6.7C19.5 16.4 12 21 12 21Z" stroke-linejoin="round"/>',
} as const;

type IconName = keyof typeof DRAWINGS;

// Fixed markup, written as one string: React hydrates the sprite as one element, not thirty (decision 039).
const SYMBOLS = {
  __html: Object.entries(DRAWINGS)
    .map(
      ([name, drawing]) =>
        `<symbol id="icon-${name}" viewBox="0 0 24 24"><g fill="none" stroke="currentColor" stroke-width="2">${drawing}</g></symbol>`,
    )
    .join(""),
};

/** The page's icon drawings, once, for every icon's `<use>`. */
export function IconSprite() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="0"
      height="0"
      className="absolute"
      dangerouslySetInnerHTML={SYMBOLS}
    />
  );
}

/** An icon's element, written by each icon component itself (a component per icon, not two). */
function icon(name: IconName, className: string) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}

export const ChevronDownIcon = ({ className = "h-4 w-4" }: IconProps) => icon("chevron-down", className);
export const MenuIcon = ({ className = "h-6 w-6" }: IconProps) => icon("menu", className);
export const GlobeIcon = ({ className = "h-5 w-5" }: IconProps) => icon("globe", className);
export const SunIcon = ({ className = "h-5 w-5" }: IconProps) => icon("sun", className);
export const MoonIcon = ({ className = "h-5 w-5" }: IconProps) => icon("moon", className);
export const MonitorIcon = ({ className = "h-5 w-5" }: IconProps) => icon("monitor", className);
export const CheckIcon = ({ className = "h-4 w-4" }: IconProps) => icon("check", className);
export const HeartIcon = ({ className = "h-5 w-5" }: IconProps) => icon("heart", className);

/** The organisation's mark: a rising sun over three paths (education, athletics, mentorship). */
export function LogoMark({ className = "h-9 w-9" }: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 40 40" className={className}>
      <rect width="40" height="40" rx="10" className="fill-accent-700 dark:fill-accent-300" />
      <circle cx="20" cy="17" r="6" className="fill-white dark:fill-gray-950" />
      <path
        d="M8 31c4-5 8-7 12-7s8 2 12 7"
        className="stroke-white dark:stroke-gray-950"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
