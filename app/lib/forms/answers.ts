import type { TFunction } from "i18next";
import type { SubmissionKind } from "~/lib/vocabulary";
import type { FieldSpec, FormDefinition } from "./definition";
import { FORMS } from "./forms";

/** The form that stores submissions of `kind`. */
export function formForKind(kind: SubmissionKind): FormDefinition {
  return Object.values(FORMS).find((form) => form.kind === kind)!;
}

/** A field's label as the form shows it (`forms:<form>.fields.<name>`, else `forms:fields.<name>`). */
export function fieldLabel(tForms: TFunction, formId: string, name: string): string {
  return tForms([`${formId}.fields.${name}`, `fields.${name}`]);
}

/** The words for an empty answer and a checkbox (`email:noneSpecified`, `email:yes`, `email:no`). */
type AnswerWords = { none: string; yes: string; no: string };

/** A submitted value as words: option labels, yes/no, "None specified" when empty (docs/product.md §5). */
export function formatFieldValue(
  spec: FieldSpec | undefined,
  value: unknown,
  tForms: TFunction,
  words: AnswerWords,
): string {
  const option = (item: unknown) =>
    // A value outside the list (an older form) shows as it was stored.
    spec?.optionsKey
      ? tForms(`options.${spec.optionsKey}.${String(item)}`, { defaultValue: String(item) })
      : String(item);
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0))
    return words.none;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.map(option).join(", ");
  return option(value);
}

/**
 * A submission's answers in the order its form shows them, each with its translated label and
 * value: the team's mail, the inbox page and the CSV export all read them from here. A field
 * shown only under a condition is listed when it was answered.
 */
export function formAnswers(
  definition: FormDefinition,
  fields: readonly FieldSpec[],
  value: Record<string, unknown>,
  tForms: TFunction,
  words: AnswerWords,
): { name: string; label: string; value: string }[] {
  return fields
    .filter((spec) => spec.name in value || !spec.when)
    .map((spec) => ({
      name: spec.name,
      label: fieldLabel(tForms, definition.id, spec.name),
      value: formatFieldValue(spec, value[spec.name], tForms, words),
    }));
}

export function answerWords(tEmail: TFunction): AnswerWords {
  return { none: tEmail("noneSpecified"), yes: tEmail("yes"), no: tEmail("no") };
}
