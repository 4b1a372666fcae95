/** Decorative inline icons; each is hidden from assistive technology, text carries the meaning. */
type IconProps = { className?: string };

const base = {
  "aria-hidden": true,
  focusable: false,
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
} as const;

export function ChevronDownIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg {...base} viewBox="0 0 24 24" className={className} strokeLinecap="round" strokeLinejoin="round">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

export function MenuIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...base} viewBox="0 0 24 24" className={className} strokeLinecap="round">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function GlobeIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...base} viewBox="0 0 24 24" className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}

export function SunIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...base} viewBox="0 0 24 24" className={className} strokeLinecap="round">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

export function MoonIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...base} viewBox="0 0 24 24" className={className} strokeLinejoin="round">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
    </svg>
  );
}

export function MonitorIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...base} viewBox="0 0 24 24" className={className} strokeLinejoin="round">
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  );
}

export function HeartIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...base} viewBox="0 0 24 24" className={className} strokeLinejoin="round">
      <path d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.5C12 6.1 13.4 5 15.4 5c3.4 0 5.5 3.4 4.1 6.7C19.5 16.4 12 21 12 21Z" />
    </svg>
  );
}

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
