import { useTranslation } from "react-i18next";
import { isLocale, LOCALE_TAGS } from "~/lib/i18n";

/** Staff work in New York time (ARCHITECTURE.md, Data). */
export const ADMIN_TIME_ZONE = "America/New_York";

export function useLocaleTag(): string {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? LOCALE_TAGS[i18n.language] : LOCALE_TAGS.en;
}

export function formatMoney(cents: number, localeTag: string, currency = "usd"): string {
  return new Intl.NumberFormat(localeTag, { style: "currency", currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

export function formatDateTime(iso: string, localeTag: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeTag, {
    timeZone: ADMIN_TIME_ZONE,
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
  }).format(date);
}

// Server and browser may format with slightly different ICU data; the server's text stands.
export function Money({ cents, currency }: { cents: number; currency?: string }) {
  const tag = useLocaleTag();
  return <span suppressHydrationWarning>{formatMoney(cents, tag, currency)}</span>;
}

export function DateTime({ iso, withTime = true }: { iso: string | null | undefined; withTime?: boolean }) {
  const tag = useLocaleTag();
  if (!iso) return <span>—</span>;
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso, tag, withTime)}
    </time>
  );
}
