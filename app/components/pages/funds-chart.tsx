import { useTranslation } from "react-i18next";
import { USE_OF_FUNDS } from "~/content/figures";

const COLOURS = {
  programs: "bg-emerald-700 dark:bg-emerald-300",
  operations: "bg-sky-700 dark:bg-sky-300",
  fundraising: "bg-amber-700 dark:bg-amber-300",
} as const;

/** Use of funds, 85/10/5 (docs/product.md §9), as a stacked bar with a legend; the legend carries the numbers. */
export function FundsChart() {
  const { t } = useTranslation("give");
  return (
    <figure className="mt-8 max-w-3xl">
      <div className="flex h-10 overflow-hidden rounded-full" aria-hidden="true">
        {USE_OF_FUNDS.map((share) => (
          <div key={share.id} className={COLOURS[share.id]} style={{ width: `${share.percent}%` }} />
        ))}
      </div>
      <figcaption className="sr-only">{t("funds.caption")}</figcaption>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {USE_OF_FUNDS.map((share) => (
          <li key={share.id} className="flex items-center gap-3">
            <span aria-hidden="true" className={`h-4 w-4 flex-none rounded-full ${COLOURS[share.id]}`} />
            <span>
              <span className="text-2xl font-extrabold">{share.percent}%</span>{" "}
              <span className="text-gray-700 dark:text-gray-300">{t(`funds.${share.id}`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
