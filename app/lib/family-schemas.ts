import * as v from "valibot";
import { GRADES } from "./families";
import {
  FIELD_MESSAGES,
  formSchema,
  LENGTH,
  optionalCheckbox,
  optionalParagraphs,
  optionalPhone,
  optionalText,
  requiredCheckbox,
  requiredChoice,
  requiredPhone,
  requiredText,
} from "./forms/field-validation";

/** A guardian's child (decision 054): the details, the health record's fields and this year's consents. */
export const ChildSchema = formSchema({
  name: requiredText(LENGTH.name),
  birthDate: v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    v.isoDate("families:children.badDate"),
  ),
  grade: requiredChoice(GRADES),
  school: optionalText(LENGTH.short),
  healthNotes: optionalParagraphs(),
  allergies: optionalParagraphs(),
  medications: optionalParagraphs(),
  specialNeeds: optionalParagraphs(),
  emergencyName: requiredText(LENGTH.name),
  emergencyPhone: requiredPhone(),
  emergencyRelation: optionalText(LENGTH.short),
  pickupName: optionalText(LENGTH.name),
  pickupPhone: optionalPhone(),
  photoConsent: optionalCheckbox(),
  participationConsent: requiredCheckbox(),
});
