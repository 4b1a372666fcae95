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

/** The fields' names, for the error summary's entries ("Date of birth: Required field"). */
export function useChildFieldLabels(programYear: string): Record<ChildFieldName, string> {
  const { t } = useTranslation("families");
  return {
    name: t("fields.name"),
    birthDate: t("fields.birthDate"),
    grade: t("fields.grade"),
    school: t("fields.school"),
    healthNotes: t("fields.healthNotes"),
    allergies: t("fields.allergies"),
    medications: t("fields.medications"),
    specialNeeds: t("fields.specialNeeds"),
    emergencyName: t("fields.emergencyName"),
    emergencyPhone: t("fields.emergencyPhone"),
    emergencyRelation: t("fields.emergencyRelation"),
    pickupName: t("fields.pickupName"),
    pickupPhone: t("fields.pickupPhone"),
    photoConsent: t("fields.photoConsent"),
    participationConsent: t("fields.participationConsent", { year: programYear }),
  };
}

/** A child's details, health record and this program year's consents: adding a child and changing one (decision 054). */
export function ChildFields({
  fields,
  programYear,
}: {
  fields: Record<ChildFieldName, Field>;
  programYear: string;
}) {
  const { t } = useTranslation("families");
  const label = useChildFieldLabels(programYear);
  const gradeOptions = GRADES.map((grade) => ({ value: grade, label: t(`grades.${grade}`) }));
  return (
    <>
      <TextField meta={fields.name} label={label.name} required autoComplete="off" />
      <TextField meta={fields.birthDate} label={label.birthDate} type="date" required />
      <SelectField meta={fields.grade} label={label.grade} options={gradeOptions} required />
      <TextField meta={fields.school} label={label.school} />
      <TextAreaField meta={fields.healthNotes} label={label.healthNotes} rows={3} />
      <TextAreaField meta={fields.allergies} label={label.allergies} rows={3} />
      <TextAreaField meta={fields.medications} label={label.medications} rows={3} />
      <TextAreaField meta={fields.specialNeeds} label={label.specialNeeds} rows={3} />
      <TextField meta={fields.emergencyName} label={label.emergencyName} required />
      <TextField meta={fields.emergencyPhone} label={label.emergencyPhone} type="tel" required />
      <TextField meta={fields.emergencyRelation} label={label.emergencyRelation} />
      <TextField meta={fields.pickupName} label={label.pickupName} />
      <TextField meta={fields.pickupPhone} label={label.pickupPhone} type="tel" />
      <CheckboxField meta={fields.photoConsent} label={label.photoConsent} />
      <CheckboxField meta={fields.participationConsent} label={label.participationConsent} required />
    </>
  );
}
