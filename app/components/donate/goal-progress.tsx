import { useTranslation } from "react-i18next";
import { goalPercent } from "~/lib/donation";
import { formatMoney, useLocale } from "~/lib/format";

/**
 * The campaign goal as an accessible progress bar. Data comes from getFundraisingProgress
 * (app/server/donations/progress.server.ts), the same figure the admin overview shows.
 */
export function GoalProgress({
  label,
  raisedCents,
  goalCents,
  donorCount,
}: {
  label: string;
  raisedCents: number;
  goalCents: number;
  donorCount?: number;
}) {
  const { t } = useTranslation("donate");
  const locale = useLocale();
  const percent = goalPercent(raisedCents, goalCents);
  const raised = formatMoney(raisedCents, locale);
  const goal = formatMoney(goalCents, locale);
  return (
    <section aria-labelledby="goal-progress-title" className="rounded-xl bg-gray-50 p-5 dark:bg-gray-900">
      <h2 id="goal-progress-title" className="text-lg font-bold">
        {t("goal.title", { label })}
      </h2>
      <p className="mt-1 text-2xl font-extrabold">{t("goal.raised", { raised, goal })}</p>
      <div
        role="progressbar"
        aria-label={t("goal.label")}
        aria-valuemin={0}
        aria-valuemax={goalCents / 100}
        aria-valuenow={Math.min(raisedCents, goalCents) / 100}
        aria-valuetext={t("goal.raised", { raised, goal })}
        className="mt-3 h-4 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div
          className="h-full rounded-full bg-accent-700 dark:bg-accent-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {t("goal.percent", { percent })}
        {donorCount !== undefined ? ` · ${t("goal.donors", { count: donorCount })}` : null}
      </p>
    </section>
  );
}
