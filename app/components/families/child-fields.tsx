import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { GRADES } from "~/lib/families";

type Field = Parameters<typeof TextField>[0]["meta"];
type ChildFieldName =
  | "name"
  | "birthDate"
  | "grade"
  | "school"
  | "healthNotes"
  | "allergies"
  | "medications"
  | "specialNeeds"
  | "emergencyName"
  | "emergencyPhone"
  | "emergencyRelation"
  | "pickupName"
  | "pickupPhone"
  | "photoConsent"
  | "participationConsent";

/** A child's details, health record and this program year's consents: adding a child and changing one (decision 054). */
export function ChildFields({
  fields,
  programYear,
}: {
  fields: Record<ChildFieldName, Field>;
  programYear: string;
}) {
  const { t } = useTranslation("families");
  const gradeOptions = GRADES.map((grade) => ({ value: grade, label: t(`grades.${grade}`) }));
  return (
    <>
      <TextField meta={fields.name} label={t("fields.name")} required autoComplete="off" />
      <TextField meta={fields.birthDate} label={t("fields.birthDate")} type="date" required />
      <SelectField meta={fields.grade} label={t("fields.grade")} options={gradeOptions} required />
      <TextField meta={fields.school} label={t("fields.school")} />
      <TextAreaField meta={fields.healthNotes} label={t("fields.healthNotes")} rows={3} />
      <TextAreaField meta={fields.allergies} label={t("fields.allergies")} rows={3} />
      <TextAreaField meta={fields.medications} label={t("fields.medications")} rows={3} />
      <TextAreaField meta={fields.specialNeeds} label={t("fields.specialNeeds")} rows={3} />
      <TextField meta={fields.emergencyName} label={t("fields.emergencyName")} required />
      <TextField meta={fields.emergencyPhone} label={t("fields.emergencyPhone")} type="tel" required />
      <TextField meta={fields.emergencyRelation} label={t("fields.emergencyRelation")} />
      <TextField meta={fields.pickupName} label={t("fields.pickupName")} />
      <TextField meta={fields.pickupPhone} label={t("fields.pickupPhone")} type="tel" />
      <CheckboxField meta={fields.photoConsent} label={t("fields.photoConsent")} />
      <CheckboxField
        meta={fields.participationConsent}
        label={t("fields.participationConsent", { year: programYear })}
        required
      />
    </>
  );
}
