import { useTranslation } from "react-i18next";
import { formatMoneyWithCents, useLocale } from "~/lib/format";
import { OFFLINE_GIFT_METHODS, SOFT_CREDIT_KINDS } from "~/lib/vocabulary";
import { LabelledField } from "./ui";

type Values = Record<string, string | undefined>;
type Errors = Record<string, string | undefined>;

/** A one-line input of the gift form, keeping what staff typed after a refused post. */
export function GiftInput({
  name,
  label,
  hint,
  values,
  errors,
  type = "text",
  required,
}: {
  name: string;
  label: string;
  hint?: string;
  values: Values;
  errors: Errors;
  type?: "text" | "email" | "date";
  required?: boolean;
}) {
  return (
    <LabelledField name={name} label={label} hint={hint} errors={errors}>
      {(control) => (
        <input
          {...control}
          type={type}
          required={required}
          inputMode={name === "amount" || name === "estimate" ? "decimal" : undefined}
          defaultValue={values[name] ?? ""}
        />
      )}
    </LabelledField>
  );
}

type PledgeOption = {
  id: string;
  firstDueOn: string;
  amountCents: number;
  outstandingCents: number;
  currency: string;
};

/** The choice of the donor's open pledge a payment applies to ("none" first). */
export function PledgeSelect({
  pledges,
  values,
  errors,
}: {
  pledges: PledgeOption[];
  values: Values;
  errors: Errors;
}) {
  const { t } = useTranslation("gifts");
  const tag = useLocale();
  return (
    <LabelledField name="pledgeId" label={t("record.pledge")} errors={errors}>
      {(control) => (
        <select {...control} defaultValue={values.pledgeId ?? ""}>
          <option value="">{t("record.noPledge")}</option>
          {pledges.map((pledge) => (
            <option key={pledge.id} value={pledge.id}>
              {t("record.pledgeOption", {
                total: formatMoneyWithCents(pledge.amountCents, tag, pledge.currency),
                date: pledge.firstDueOn,
                outstanding: formatMoneyWithCents(pledge.outstandingCents, tag, pledge.currency),
              })}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** A choice of the gift and pledge forms, keeping what staff chose after a refused post. */
export function GiftSelect({
  name,
  label,
  options,
  values,
  errors,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  values: Values;
  errors: Errors;
}) {
  return (
    <LabelledField name={name} label={label} errors={errors}>
      {(control) => (
        <select {...control} defaultValue={values[name] ?? options[0]?.value}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** Who gave or promised: e-mail (the donor's key), name and the language of their mail. */
export function DonorFields({
  values,
  errors,
  localeLabel,
}: {
  values: Values;
  errors: Errors;
  /** What the language is for here: a gift's receipt, or a pledge's reminders. */
  localeLabel: string;
}) {
  const { t } = useTranslation("gifts");
  return (
    <fieldset className="grid content-start gap-3">
      <legend className="text-lg font-bold">{t("record.donor")}</legend>
      <GiftInput
        name="donorEmail"
        type="email"
        required
        label={t("record.donorEmail")}
        hint={t("record.donorEmailHint")}
        values={values}
        errors={errors}
      />
      <GiftInput name="donorName" required label={t("record.donorName")} values={values} errors={errors} />
      <GiftSelect
        name="locale"
        label={localeLabel}
        options={(["en", "es"] as const).map((value) => ({ value, label: t(`record.locales.${value}`) }))}
        values={values}
        errors={errors}
      />
    </fieldset>
  );
}

/**
 * The fields of a recorded gift (decision 056): the method's own fields are all shown, each
 * labelled with the method it belongs to, so the form works the same without JavaScript.
 */
export function GiftFields({
  values,
  errors,
  pledges,
  withDonor,
}: {
  values: Values;
  errors: Errors;
  pledges: PledgeOption[];
  withDonor: boolean;
}) {
  const { t } = useTranslation("gifts");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {withDonor ? <DonorFields values={values} errors={errors} localeLabel={t("record.locale")} /> : null}
      <div className="grid content-start gap-3">
        {withDonor ? (
          <GiftSelect
            name="method"
            label={t("record.method")}
            options={OFFLINE_GIFT_METHODS.map((value) => ({ value, label: t(`methods.${value}`) }))}
            values={values}
            errors={errors}
          />
        ) : null}
        <GiftInput
          name="receivedOn"
          type="date"
          required
          label={t("record.receivedOn")}
          values={values}
          errors={errors}
        />
        <GiftInput
          name="amount"
          label={t("record.amount")}
          hint={t("record.amountHint")}
          values={values}
          errors={errors}
        />
        <GiftInput name="checkNumber" label={t("record.checkNumber")} values={values} errors={errors} />
        <GiftInput name="dafSponsor" label={t("record.dafSponsor")} values={values} errors={errors} />
        <GiftInput
          name="inKindDescription"
          label={t("record.inKindDescription")}
          values={values}
          errors={errors}
        />
        <GiftInput name="estimate" label={t("record.estimate")} values={values} errors={errors} />
        <GiftInput name="designation" label={t("record.designation")} values={values} errors={errors} />
        <PledgeSelect pledges={pledges} values={values} errors={errors} />
        <LabelledField name="note" label={t("record.note")} errors={errors}>
          {(control) => <textarea {...control} rows={3} defaultValue={values.note ?? ""} />}
        </LabelledField>
      </div>
      {withDonor ? (
        <fieldset className="grid content-start gap-3">
          <legend className="text-lg font-bold">{t("record.softCredit")}</legend>
          <GiftInput
            name="softCreditEmail"
            type="email"
            label={t("record.softCreditEmail")}
            values={values}
            errors={errors}
          />
          <GiftInput
            name="softCreditName"
            label={t("record.softCreditName")}
            values={values}
            errors={errors}
          />
          <GiftSelect
            name="softCreditKind"
            label={t("record.softCreditKind")}
            options={[
              { value: "", label: "—" },
              ...SOFT_CREDIT_KINDS.map((value) => ({ value, label: t(`softCreditKinds.${value}`) })),
            ]}
            values={values}
            errors={errors}
          />
        </fieldset>
      ) : null}
    </div>
  );
}
