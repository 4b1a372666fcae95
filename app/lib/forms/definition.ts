import type * as v from "valibot";
import type { SubmissionKind } from "~/lib/vocabulary";

/** How one field is shown; its rules live in the form's valibot schema. */
export type FieldSpec = {
  name: string;
  kind: "text" | "email" | "tel" | "number" | "textarea" | "select" | "radio" | "checkboxes" | "checkbox";
  required?: boolean;
  /** The values of a closed list; labels are `forms:options.<optionsKey>.<value>`. */
  options?: readonly string[];
  optionsKey?: string;
  max?: number;
  /** A character counter under a long text. */
  counter?: boolean;
  autoComplete?: string;
  /** A hint under the label, `forms:<form>.hints.<name>` (or `forms:hints.<name>`). */
  hint?: boolean;
  /** Numbers the hint interpolates (a rule's figures from app/content/figures.ts). */
  hintParams?: Record<string, string | number>;
  /** Full width in the two-column layout. */
  wide?: boolean;
  /**
   * A child's health: stored only encrypted, outside the payload, and shown to staff only on
   * request with the read audited (docs/decisions/054-families-and-programs.md).
   */
  health?: boolean;
  /**
   * Shown only when this holds for the current values. Without JavaScript every field is
   * shown (the server applies the same rule), so nobody is stuck.
   */
  when?: (values: Record<string, unknown>) => boolean;
};

export type FormId =
  | "enrollment"
  | "education"
  | "athletics"
  | "mentoring"
  | "volunteer"
  | "getInvolved"
  | "fundraisingTeam"
  | "givingInfo"
  | "contact"
  | "partner";

/** The response promise of docs/product.md §9 that the confirmation e-mail and the success text make. */
type ResponsePromise = "24h" | "48h" | "2days";

export type FormDefinition<S extends v.GenericSchema = v.GenericSchema> = {
  id: FormId;
  kind: SubmissionKind;
  /** The route that shows this form on its own and takes its posts. */
  path: `/forms/${string}`;
  schema: S;
  fields: readonly FieldSpec[];
  /** Values a fresh form starts with (for example the preferred contact method). */
  defaults?: Record<string, string>;
  /** The busy label of docs/product.md §4: Submitting..., Sending... or Registering... */
  pending: "submitting" | "sending" | "registering";
  /** Forms about a child: a parent or guardian completes them (COPPA). */
  aboutChild?: boolean;
  promise: ResponsePromise;
  /** Who to answer: stored in the submission's own columns for the admin inbox. */
  // Method syntax on purpose: any form's definition then fits the plain FormDefinition type.
  contact(value: v.InferOutput<S>): { name: string; email: string; phone?: string | null };
};

/* @__NO_SIDE_EFFECTS__ */
export function defineForm<S extends v.GenericSchema>(definition: FormDefinition<S>): FormDefinition<S> {
  return definition;
}

/** Ages of the programs (docs/product.md §9) and grades 1st to 12th, as closed lists. */
export const AGES = ["6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18"] as const;
export const GRADES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] as const;
/** Under this age a guardian's consent box is required (COPPA). */
const CONSENT_AGE = 13;

export const needsGuardianConsent = (age: unknown) => {
  const years = Number(age);
  return Number.isFinite(years) && years > 0 && years < CONSENT_AGE;
};
