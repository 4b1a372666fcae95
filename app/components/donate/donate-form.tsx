import {
  getFormProps,
  useForm,
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import * as v from "valibot";
import {
  CheckboxField,
  ChoiceGroup,
  ErrorSummary,
  Honeypot,
  SelectField,
  SubmitButton,
  TextField,
  translateFieldError,
} from "~/components/forms/fields";
import { TurnstileWidget } from "~/components/forms/turnstile";
import { KeptPart } from "~/components/layout/kept-part";
import {
  CUSTOM_AMOUNT,
  DONATION_BOUNDS,
  DONATION_FIELDS,
  DONATION_STEP_FIELDS,
  DONATION_STEPS,
  PRESET_AMOUNTS_CENTS,
  donationTotals,
  monthlyOffer,
  processingFeeCents,
  schemaForStep,
  type DonationField,
  type DonationStep,
} from "~/lib/donation";
import { formatMoney } from "~/lib/format";
import { giftImpact, MONTHLY_IMPACT_PERCENT } from "~/content/figures";
import { type Locale } from "~/lib/i18n";

type DonateFormValues = Partial<Record<string, string>>;
type DonateFormProps = {
  step: DonationStep;
  values: DonateFormValues;
  result?: SubmissionResult<string[]>;
  notice?: string;
  locale: Locale;
};

/** The form's fields as the browser holds them: text. */
type DonateShape = Record<DonationField, string>;
const looseSchema = v.looseObject({});
// The forward button comes first in the markup, so Enter in a field means Next, never Back;
// row-reverse shows Back on the left.
const BUTTON_ROW = "flex flex-row-reverse flex-wrap justify-end gap-3";

function StepIndicator({ step }: { step: DonationStep }) {
  const { t } = useTranslation("donate");
  const current = DONATION_STEPS.indexOf(step);
  return (
    <nav aria-label={t("steps.label")}>
      <p className="sr-only">{t("steps.progress", { current: current + 1, total: DONATION_STEPS.length })}</p>
      <ol className="grid grid-cols-3 gap-2 text-sm font-semibold">
        {DONATION_STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === current ? "step" : undefined}
            className={`border-t-4 pt-2 ${
              index <= current
                ? "border-accent-700 text-gray-900 dark:border-accent-300 dark:text-white"
                : "border-gray-300 text-gray-600 dark:border-gray-700 dark:text-gray-400"
            }`}
          >
            <span aria-hidden="true">{index + 1}. </span>
            {t(`steps.${name}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The values of the other steps ride along as hidden fields, so Back and Next keep them. */
function CarriedValues({ step, values }: { step: DonationStep; values: DonateFormValues }) {
  const visible = new Set<string>(DONATION_STEP_FIELDS[step]);
  return (
    <>
      {DONATION_FIELDS.filter((name) => !visible.has(name)).map((name) => (
        <input key={name} type="hidden" name={name} value={values[name] ?? ""} />
      ))}
    </>
  );
}

function AmountPicker({
  amount,
  customAmount,
  locale,
  monthly,
}: {
  amount: FieldMetadata<string>;
  customAmount: FieldMetadata<string>;
  locale: Locale;
  monthly: boolean;
}) {
  const { t } = useTranslation("donate");
  const selected = typeof amount.value === "string" ? amount.value : "";
  const customRadio = useRef<HTMLInputElement>(null);
  const errorId = amount.errors ? amount.errorId : undefined;
  return (
    <fieldset aria-describedby={errorId} aria-invalid={amount.errors ? true : undefined} id={amount.id}>
      <legend className="font-semibold">
        {t("amount.legend")}
        <span aria-hidden="true" className="text-red-700 dark:text-red-300">
          {" "}
          *
        </span>
      </legend>
      {amount.errors ? (
        <p id={amount.errorId} className="mt-1 font-semibold text-red-700 dark:text-red-300">
          {translateFieldError(t, amount.errors[0]!)}
        </p>
      ) : null}
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {PRESET_AMOUNTS_CENTS[locale].map((cents) => {
          const id = `${amount.id}-${cents}`;
          const label = formatMoney(cents, locale);
          return (
            <label
              key={cents}
              htmlFor={id}
              className="tap-target flex cursor-pointer gap-3 rounded-xl border-2 border-gray-300 p-3 has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50 dark:border-gray-600 dark:has-[:checked]:border-accent-300 dark:has-[:checked]:bg-gray-900"
            >
              <input
                id={id}
                type="radio"
                name={amount.name}
                value={String(cents)}
                defaultChecked={selected === String(cents)}
                className="focus-ring mt-1 h-5 w-5 shrink-0 accent-[var(--accent-700)]"
              />
              <span>
                <span className="block text-lg font-bold">
                  {monthly ? t("amount.perMonth", { amount: label }) : label}
                </span>
                <span className="block text-sm text-gray-700 dark:text-gray-300">
                  {t(`amount.impact.${cents}`, giftImpact(cents))}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <div className="mt-3 rounded-xl border-2 border-gray-300 p-3 has-[:checked]:border-accent-700 dark:border-gray-600 dark:has-[:checked]:border-accent-300">
        <label htmlFor={`${amount.id}-custom`} className="tap-target flex cursor-pointer items-center gap-3">
          <input
            ref={customRadio}
            id={`${amount.id}-custom`}
            type="radio"
            name={amount.name}
            value={CUSTOM_AMOUNT}
            defaultChecked={selected === CUSTOM_AMOUNT}
            className="focus-ring h-5 w-5 shrink-0 accent-[var(--accent-700)]"
          />
          <span className="font-semibold">{t("amount.custom")}</span>
        </label>
        <label htmlFor={customAmount.id} className="mt-2 block font-semibold">
          {t("amount.customLabel")}
        </label>
        <p id={`${customAmount.id}-hint`} className="text-sm text-gray-700 dark:text-gray-300">
          {t("amount.customHint", {
            min: formatMoney(DONATION_BOUNDS.minCents, locale),
            max: formatMoney(DONATION_BOUNDS.maxCents, locale),
          })}
        </p>
        <div className="mt-1 flex items-center gap-2">
          <span aria-hidden="true" className="text-lg font-bold">
            $
          </span>
          <input
            id={customAmount.id}
            name={customAmount.name}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={typeof customAmount.initialValue === "string" ? customAmount.initialValue : ""}
            aria-describedby={[`${customAmount.id}-hint`, errorId].filter(Boolean).join(" ")}
            aria-invalid={amount.errors && selected === CUSTOM_AMOUNT ? true : undefined}
            onInput={() => {
              // Typing an amount means choosing it.
              if (customRadio.current && !customRadio.current.checked) customRadio.current.checked = true;
            }}
            className="focus-ring tap-target w-40 rounded-lg border border-gray-500 bg-white px-3 py-2 text-gray-900 dark:border-gray-400 dark:bg-gray-950 dark:text-white"
          />
        </div>
      </div>
    </fieldset>
  );
}

function Summary({ values, locale }: { values: DonateFormValues; locale: Locale }) {
  const { t } = useTranslation("donate");
  // The same computation as the Checkout amount (app/lib/donation.ts, decision 024).
  const { amountCents, feeCents, totalCents } = donationTotals(values);
  const monthly = values.frequency === "monthly";
  const money = (cents: number) =>
    monthly ? t("amount.perMonth", { amount: formatMoney(cents, locale) }) : formatMoney(cents, locale);
  const rows: [string, string][] = [
    [t("payment.type"), t(`frequency.${monthly ? "monthly" : "one-time"}`)],
    [t("payment.amount"), money(amountCents)],
    ...(feeCents ? ([[t("payment.fee"), formatMoney(feeCents, locale)]] as [string, string][]) : []),
    [t("payment.total"), money(totalCents)],
    [t("payment.donor"), `${values.firstName ?? ""} ${values.lastName ?? ""} · ${values.email ?? ""}`],
  ];
  if (values.dedicationType && values.dedicationName)
    rows.push([
      t("payment.dedication"),
      `${t(`dedication.${values.dedicationType}`)} ${values.dedicationName}`,
    ]);
  if (values.anonymous === "on") rows.push([t("payment.anonymous"), t("payment.yes")]);
  if (values.employer) rows.push([t("payment.employer"), values.employer]);
  return (
    <section aria-labelledby="donation-summary" className="rounded-xl bg-gray-50 p-5 dark:bg-gray-900">
      <h2 id="donation-summary" className="text-xl font-bold">
        {t("payment.summaryTitle")}
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd
              className="break-words"
              data-testid={term === t("payment.total") ? "donation-total" : undefined}
            >
              {detail}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The monthly offer before paying: the real monthly figure (app/lib/donation.ts), accepted or
 * declined with one button each; both are posts, so it works without JavaScript.
 */
function MonthlyOffer({
  offer,
  locale,
}: {
  offer: NonNullable<ReturnType<typeof monthlyOffer>>;
  locale: Locale;
}) {
  const { t } = useTranslation("donate");
  const amount = formatMoney(offer.amountCents, locale);
  return (
    <section
      aria-labelledby="monthly-offer"
      className="rounded-xl border-2 border-accent-700 p-5 dark:border-accent-300"
      data-testid="monthly-offer"
    >
      <h3 id="monthly-offer" className="text-xl font-bold">
        {t("upsell.title", { amount })}
      </h3>
      <p className="mt-2">{t("upsell.body", { amount })}</p>
      {offer.feeCents > 0 ? (
        <p className="mt-2">{t("upsell.withFee", { total: formatMoney(offer.totalCents, locale) })}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" name="intent" value="upsell-accept" formNoValidate className="btn-primary">
          {t("upsell.accept", { amount })}
        </button>
        <button type="submit" name="intent" value="upsell-decline" formNoValidate className="btn-secondary">
          {t("upsell.decline")}
        </button>
      </div>
    </section>
  );
}

const NOTICE_KEYS: Record<string, string> = {
  canceled: "payment.canceled",
  processingFailed: "payment.processingFailed",
  rateLimited: "payment.rateLimited",
  turnstile: "payment.turnstile",
  notConfigured: "notConfigured.title",
};

export function DonateForm({ step, values, result, notice, locale }: DonateFormProps) {
  const { t } = useTranslation("donate");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/donate") === true;
  const paying = busy && navigation.formData?.get("intent") === "pay";
  const checkStep: DonationStep = step === "amount" ? "amount" : "details";
  const [form, fields] = useForm<DonateShape>({
    id: `donate-${step}`,
    lastResult: result,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      // The schema's output (cents, booleans) is the server's concern; the browser only needs the errors.
      const submission =
        formData.get("intent") === "back"
          ? parseWithValibot(formData, { schema: looseSchema })
          : parseWithValibot(formData, { schema: schemaForStep(checkStep) });
      return submission as unknown as Submission<DonateShape>;
    },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    // Moving between steps moves focus to the new step's heading (screen readers hear it).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const monthly = (fields.frequency.value ?? values.frequency) === "monthly";
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  // What the fields say now, through the function that sets the Checkout amount: an amount
  // that is not valid yet shows no total rather than an old one (decision 024).
  const live = donationTotals({
    amount: text(fields.amount.value),
    customAmount: text(fields.customAmount.value),
    coverFee: text(fields.coverFee.value),
  });
  const fee = processingFeeCents(live.amountCents);
  const totalText =
    live.amountCents > 0
      ? t(monthly ? "fee.totalMonthly" : "fee.total", { total: formatMoney(live.totalCents, locale) })
      : "";
  const offer = step === "payment" && values.upsell !== "declined" ? monthlyOffer(values) : null;

  return (
    <div className="space-y-6">
      {/* Words only: kept as the server wrote them while the page hydrates (decision 039). */}
      <KeptPart data={step}>
        <StepIndicator step={step} />
      </KeptPart>
      {notice ? (
        <div
          role={notice === "canceled" || notice === "upsellAccepted" ? "status" : "alert"}
          className={`rounded-xl border-l-8 p-4 font-semibold ${
            notice === "canceled" || notice === "upsellAccepted"
              ? "border-accent-700 bg-accent-50 dark:border-accent-300 dark:bg-gray-900"
              : "border-red-700 bg-red-50 text-red-900 dark:border-red-300 dark:bg-gray-900 dark:text-red-200"
          }`}
        >
          {notice === "upsellAccepted"
            ? t("upsell.accepted", { amount: formatMoney(donationTotals(values).amountCents, locale) })
            : t(NOTICE_KEYS[notice] ?? "payment.processingFailed")}
        </div>
      ) : null}
      <ErrorSummary form={form} />
      <Form method="post" action="/donate" {...getFormProps(form)} className="space-y-6">
        <Honeypot />
        <input type="hidden" name="step" value={step} />
        <CarriedValues step={step} values={values} />
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {t(`steps.${step}`)}
        </h2>

        {step === "amount" ? (
          <>
            <ChoiceGroup
              meta={fields.frequency}
              label={t("frequency.legend")}
              type="radio"
              required
              options={[
                { value: "one-time", label: t("frequency.one-time") },
                { value: "monthly", label: t("frequency.monthly") },
              ]}
            />
            {monthly ? (
              <p className="rounded-lg bg-accent-50 p-3 dark:bg-gray-900">
                {t("frequency.monthlyImpact", { percent: MONTHLY_IMPACT_PERCENT })}
              </p>
            ) : null}
            <AmountPicker
              amount={fields.amount}
              customAmount={fields.customAmount}
              locale={locale}
              monthly={monthly}
            />
            <div>
              <CheckboxField
                meta={fields.coverFee}
                label={t("fee.label", {
                  fee: formatMoney(fee, locale),
                  amount: formatMoney(live.amountCents, locale),
                })}
              />
              <p className="mt-1 pl-8 font-semibold" aria-live="polite" data-testid="live-total">
                {totalText}
              </p>
            </div>
            <fieldset className="space-y-3 rounded-xl border border-gray-300 p-4 dark:border-gray-700">
              <legend className="px-1 font-semibold">{t("dedication.legend")}</legend>
              <SelectField
                meta={fields.dedicationType}
                label={t("dedication.type")}
                placeholder={t("dedication.none")}
                options={[
                  { value: "honor", label: t("dedication.honor") },
                  { value: "memory", label: t("dedication.memory") },
                ]}
              />
              <TextField meta={fields.dedicationName} label={t("dedication.name")} autoComplete="off" />
              <TextField
                meta={fields.dedicationEmail}
                label={t("dedication.email")}
                hint={t("dedication.emailHint")}
                type="email"
                autoComplete="off"
              />
            </fieldset>
            <CheckboxField meta={fields.anonymous} label={t("anonymous")} />
            <TextField
              meta={fields.employer}
              label={t("employer")}
              hint={t("employerHint")}
              autoComplete="organization"
            />
            <div className="flex flex-wrap gap-3">
              <SubmitButton pending={busy} label={t("actions.next")} pendingLabel={t("actions.next")} />
            </div>
          </>
        ) : null}

        {step === "details" ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                meta={fields.firstName}
                label={t("details.firstName")}
                required
                autoComplete="given-name"
              />
              <TextField
                meta={fields.lastName}
                label={t("details.lastName")}
                required
                autoComplete="family-name"
              />
            </div>
            <TextField
              meta={fields.email}
              label={t("details.email")}
              required
              type="email"
              autoComplete="email"
              inputMode="email"
            />
            <TextField
              meta={fields.phone}
              label={t("details.phone")}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={t("common:forms.phonePlaceholder")}
            />
            <CheckboxField meta={fields.recoveryConsent} label={t("details.recoveryConsent")} />
            <div className={BUTTON_ROW}>
              <SubmitButton pending={busy} label={t("actions.next")} pendingLabel={t("actions.next")} />
              <button type="submit" name="intent" value="back" formNoValidate className="btn-secondary">
                {t("actions.back")}
              </button>
            </div>
          </>
        ) : null}

        {step === "payment" ? (
          <>
            <Summary values={values} locale={locale} />
            {offer ? <MonthlyOffer offer={offer} locale={locale} /> : null}
            <p className="text-gray-800 dark:text-gray-200">{t("payment.secure")}</p>
            <TurnstileWidget />
            <div className={BUTTON_ROW}>
              <SubmitButton
                pending={paying}
                label={t("payment.process")}
                pendingLabel={t("payment.processing")}
                name="intent"
                value="pay"
              />
              <button type="submit" name="intent" value="back" formNoValidate className="btn-secondary">
                {t("actions.back")}
              </button>
            </div>
          </>
        ) : null}
      </Form>
    </div>
  );
}
