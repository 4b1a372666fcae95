import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/donation";
import { isLocale } from "~/lib/i18n";

/**
 * The §9 fundraising goal as an accessible progress bar. Data comes from
 * getFundraisingProgress (app/server/donations/progress.server.ts).
 */
export function GoalProgress({
  raisedCents,
  goalCents,
  donorCount,
  year = new Date().getFullYear(),
}: {
  raisedCents: number;
  goalCents: number;
  donorCount?: number;
  year?: number;
}) {
  const { t, i18n } = useTranslation("donate");
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const percent = goalCents > 0 ? Math.min(100, Math.floor((raisedCents / goalCents) * 100)) : 0;
  const raised = formatMoney(raisedCents, locale);
  const goal = formatMoney(goalCents, locale);
  return (
    <section aria-labelledby="goal-progress-title" className="rounded-xl bg-gray-50 p-5 dark:bg-gray-900">
      <h2 id="goal-progress-title" className="text-lg font-bold">
        {t("goal.title", { year })}
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
