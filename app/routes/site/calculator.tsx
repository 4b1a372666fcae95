import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useFormat } from "~/lib/format";
import { donateHref } from "~/content/figures";
import { CALCULATOR, calculateImpact, parseFrequency, type Frequency } from "~/content/impact-calculator";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/calculator";

export const handle = { i18n: ["impact"] };
export const meta = pageMeta;

/** The choice lives in the URL too, so the calculator also works as a plain GET form. */
export function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const preset = Number(params.get("amount"));
  const custom = Number(params.get("custom"));
  const amount = params.get("custom") && custom > 0 ? custom : preset > 0 ? preset : CALCULATOR.defaultAmount;
  return {
    seo: sitePageSeo(args),
    amount: Math.round(amount),
    frequency: parseFrequency(params.get("frequency")),
  };
}

const choice =
  "focus-within:outline-3 focus-within:outline-solid focus-within:outline-offset-2 focus-within:outline-accent-700 dark:focus-within:outline-accent-300 tap-target flex cursor-pointer items-center justify-center rounded-lg border-2 px-4 py-2 font-semibold has-[:checked]:border-accent-700 has-[:checked]:bg-accent-700 has-[:checked]:text-white dark:has-[:checked]:border-accent-300 dark:has-[:checked]:bg-accent-300 dark:has-[:checked]:text-gray-950 border-gray-300 dark:border-gray-600";

export default function CalculatorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("impact");
  const format = useFormat();
  const isPreset = (CALCULATOR.presets as readonly number[]).includes(loaderData.amount);
  const [preset, setPreset] = useState<number | null>(isPreset ? loaderData.amount : null);
  const [custom, setCustom] = useState(isPreset ? "" : String(loaderData.amount));
  const [frequency, setFrequency] = useState<Frequency>(loaderData.frequency);
  const amount = preset ?? (Number(custom) || 0);
  const result = calculateImpact(amount, frequency);
  const money = (dollars: number) => format.money(Math.round(dollars * 100));

  return (
    <>
      <PageHeader lead={t("calculator.lead")} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-2">
        <section aria-labelledby="calc-form-title">
          <h2 id="calc-form-title" className="text-2xl font-bold">
            {t("calculator.formTitle")}
          </h2>
          <Form method="get" className="mt-6 space-y-6" onSubmit={(event) => event.preventDefault()}>
            <fieldset>
              <legend className="text-lg font-semibold">{t("calculator.amountLegend")}</legend>
              <div className="mt-3 grid grid-cols-3 gap-3">
                {CALCULATOR.presets.map((value) => (
                  <label key={value} className={choice}>
                    <input
                      type="radio"
                      name="amount"
                      value={value}
                      className="sr-only"
                      checked={preset === value}
                      onChange={() => {
                        setPreset(value);
                        setCustom("");
                      }}
                    />
                    {money(value)}
                  </label>
                ))}
              </div>
              <label htmlFor="calc-custom" className="mt-4 block font-medium">
                {t("calculator.customLabel")}
              </label>
              <input
                id="calc-custom"
                name="custom"
                type="number"
                inputMode="numeric"
                min={1}
                max={CALCULATOR.maxAmount}
                step={1}
                value={custom}
                onChange={(event) => {
                  setCustom(event.target.value);
                  setPreset(null);
                }}
                className="focus-ring tap-target mt-1 w-full max-w-xs rounded-lg border border-gray-500 bg-white px-3 text-gray-900 dark:border-gray-400 dark:bg-gray-950 dark:text-white"
              />
            </fieldset>
            <fieldset>
              <legend className="text-lg font-semibold">{t("calculator.frequencyLegend")}</legend>
              <div className="mt-3 grid max-w-sm grid-cols-2 gap-3">
                {(["one-time", "monthly"] as const).map((value) => (
                  <label key={value} className={choice}>
                    <input
                      type="radio"
                      name="frequency"
                      value={value}
                      className="sr-only"
                      checked={frequency === value}
                      onChange={() => setFrequency(value)}
                    />
                    {value === "monthly" ? t("calculator.monthly") : t("calculator.oneTime")}
                  </label>
                ))}
              </div>
            </fieldset>
            <noscript>
              <button type="submit" className="btn-primary">
                {t("calculator.calculate")}
              </button>
            </noscript>
          </Form>
        </section>

        <section
          aria-labelledby="calc-result-title"
          className="rounded-2xl bg-accent-50 p-6 sm:p-8 dark:bg-gray-900"
        >
          <h2 id="calc-result-title" className="text-2xl font-bold">
            {t("calculator.resultTitle")}
          </h2>
          <div aria-live="polite" data-testid="calc-result">
            {result.yearlyTotal === 0 ? (
              <p className="mt-4 text-lg">{t("calculator.zero")}</p>
            ) : (
              <>
                <p className="mt-4 text-3xl font-extrabold text-accent-800 dark:text-accent-200">
                  {t("calculator.yearlyTotal", { amount: money(result.yearlyTotal) })}
                </p>
                <p className="mt-1 text-lg">
                  {t("calculator.programShare", { amount: money(result.programDollars) })}
                </p>
                <p className="mt-6 font-semibold">{t("calculator.resultIntro")}</p>
                <ul className="mt-3 space-y-3">
                  {(
                    [
                      ["tutoring", result.tutoringHours, CALCULATOR.tutoringHourCost],
                      ["mentoring", result.mentoringMonths, CALCULATOR.mentoringMonthCost],
                      ["athletics", result.athleticsSeasons, CALCULATOR.athleticsSeasonCost],
                    ] as const
                  ).map(([program, count, cost]) => (
                    <li key={program}>
                      <strong className="text-xl" data-testid={`calc-${program}`}>
                        {t(`calculator.${program}`, { count, cost: money(cost) })}
                      </strong>
                      <span className="block text-gray-700 dark:text-gray-300">
                        {t(`calculator.${program}Note`)}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          {result.yearlyTotal > 0 ? (
            <>
              <h3 className="mt-8 text-lg font-bold">{t("calculator.howTitle")}</h3>
              <ol
                className="mt-2 list-decimal space-y-2 pl-5 text-gray-800 dark:text-gray-200"
                data-testid="calc-explain"
              >
                <li>
                  {t(frequency === "monthly" ? "calculator.explainMonthly" : "calculator.explainOnce", {
                    amount: money(result.amount),
                    yearly: money(result.yearlyTotal),
                  })}
                </li>
                <li>{t("calculator.explainShare", { programs: money(result.programDollars) })}</li>
                <li>
                  {t("calculator.explainUnits", {
                    tutoring: money(CALCULATOR.tutoringHourCost),
                    mentoring: money(CALCULATOR.mentoringMonthCost),
                    athletics: money(CALCULATOR.athleticsSeasonCost),
                    programs: money(result.programDollars),
                  })}
                </li>
              </ol>
              {frequency === "monthly" ? (
                <p className="mt-4 text-gray-800 dark:text-gray-200">{t("calculator.monthlyBonus")}</p>
              ) : null}
              <Link to={donateHref(result.amount * 100, frequency)} className="btn-donate mt-6">
                {t("calculator.donate", {
                  amount: money(result.amount),
                  frequency:
                    frequency === "monthly" ? t("calculator.donateMonthly") : t("calculator.donateOnce"),
                })}
              </Link>
            </>
          ) : null}
        </section>
      </div>
    </>
  );
}
