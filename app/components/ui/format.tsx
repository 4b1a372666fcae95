import { formatMoneyWithCents, formatNewYorkDate, formatNewYorkDateTime, useLocale } from "~/lib/format";

// Server and browser may format with slightly different ICU data; the server's text stands.
export function Money({ cents, currency }: { cents: number; currency?: string }) {
  const locale = useLocale();
  return <span suppressHydrationWarning>{formatMoneyWithCents(cents, locale, currency)}</span>;
}

/** Staff read times in New York time (docs/architecture.md, Data). */
export function DateTime({ iso, withTime = true }: { iso: string | null | undefined; withTime?: boolean }) {
  const locale = useLocale();
  if (!iso) return <span>—</span>;
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {withTime ? formatNewYorkDateTime(iso, locale) : formatNewYorkDate(iso, locale, "medium")}
    </time>
  );
}
