import type { DefaultValue } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import {
  CheckboxField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { GRADES, PROGRAMS } from "~/lib/families";
import { ProgramSessionSchema, SESSION_WEEKDAYS } from "~/lib/family-schemas";

type Values = DefaultValue<Record<string, unknown>>;

/**
 * The staff editor of a program session (decision 054): English and Spanish side by side, the
 * New York days and times, ages, grades, places and fee. A plain post that works without JavaScript.
 */
export function SessionForm({
  id,
  answer,
  defaultValue,
  submitLabel,
}: {
  id: string;
  answer: object | undefined;
  defaultValue: Values;
  submitLabel: string;
}) {
  const { t } = useTranslation("families");
  const { form, fields, pending } = usePageForm({
    id,
    schema: ProgramSessionSchema,
    answer,
    defaultValue: defaultValue as never,
  });
  const grades = GRADES.map((grade) => ({ value: grade, label: t(`grades.${grade}`) }));
  const labels = {
    program: t("editor.program"),
    titleEn: t("editor.titleEn"),
    titleEs: t("editor.titleEs"),
    descriptionEn: t("editor.descriptionEn"),
    descriptionEs: t("editor.descriptionEs"),
    term: t("editor.term"),
    day1: t("editor.days"),
    startTime: t("editor.startTime"),
    endTime: t("editor.endTime"),
    startDate: t("editor.startDate"),
    endDate: t("editor.endDate"),
    locationEn: t("editor.locationEn"),
    locationEs: t("editor.locationEs"),
    minAge: t("editor.minAge"),
    maxAge: t("editor.maxAge"),
    minGrade: t("editor.minGrade"),
    maxGrade: t("editor.maxGrade"),
    capacity: t("editor.capacity"),
    fee: t("editor.fee"),
    offerHours: t("editor.offerHours"),
  };
  const day = (weekday: (typeof SESSION_WEEKDAYS)[number]) => fields[`day${weekday}`];
  return (
    <PageForm form={form} labels={labels} className="mt-6 grid max-w-4xl gap-5 md:grid-cols-2">
      <div className="md:col-span-2">
        <SelectField
          meta={fields.program}
          label={labels.program}
          options={PROGRAMS.map((program) => ({ value: program, label: t(`programs.${program}`) }))}
          required
        />
      </div>
      <TextField meta={fields.titleEn} label={labels.titleEn} required />
      <TextField meta={fields.titleEs} label={labels.titleEs} required />
      <TextAreaField meta={fields.descriptionEn} label={labels.descriptionEn} rows={4} />
      <TextAreaField meta={fields.descriptionEs} label={labels.descriptionEs} rows={4} />
      <TextField meta={fields.locationEn} label={labels.locationEn} required />
      <TextField meta={fields.locationEs} label={labels.locationEs} required />
      <TextField meta={fields.term} label={labels.term} hint={t("editor.termHint")} required />
      {/* The "choose a day" message sits by the first day, where the error summary's link lands. */}
      <fieldset className="md:col-span-2">
        <legend className="font-semibold">{labels.day1}</legend>
        <div className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-4">
          {SESSION_WEEKDAYS.map((weekday) => (
            <CheckboxField key={weekday} meta={day(weekday)} label={t(`weekdays.${weekday}`)} />
          ))}
        </div>
      </fieldset>
      <TextField meta={fields.startTime} label={labels.startTime} hint={t("editor.timeHint")} required />
      <TextField meta={fields.endTime} label={labels.endTime} hint={t("editor.timeHint")} required />
      <TextField meta={fields.startDate} label={labels.startDate} type="date" required />
      <TextField meta={fields.endDate} label={labels.endDate} type="date" required />
      <TextField meta={fields.minAge} label={labels.minAge} inputMode="numeric" required />
      <TextField meta={fields.maxAge} label={labels.maxAge} inputMode="numeric" required />
      <SelectField meta={fields.minGrade} label={labels.minGrade} options={grades} required />
      <SelectField meta={fields.maxGrade} label={labels.maxGrade} options={grades} required />
      <TextField meta={fields.capacity} label={labels.capacity} inputMode="numeric" required />
      <TextField meta={fields.fee} label={labels.fee} hint={t("editor.feeHint")} inputMode="decimal" />
      <TextField
        meta={fields.offerHours}
        label={labels.offerHours}
        hint={t("editor.offerHoursHint")}
        inputMode="numeric"
        required
      />
      <div className="grid gap-3 md:col-span-2">
        <CheckboxField meta={fields.scholarship} label={t("editor.scholarship")} />
        <CheckboxField meta={fields.needsApproval} label={t("editor.needsApproval")} />
        <CheckboxField meta={fields.published} label={t("editor.published")} />
      </div>
      <div className="md:col-span-2">
        <SubmitButton pending={pending} label={submitLabel} pendingLabel={t("children.saving")} />
      </div>
    </PageForm>
  );
}
