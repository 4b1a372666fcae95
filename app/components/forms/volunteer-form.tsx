import { volunteerForm, volunteerModalFields, volunteerPageFields } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/**
 * The volunteer application in its two variants of docs/product.md §3: "modal" (full name, area of
 * interest …) and "page" (first and last name, references …). Posts to /forms/volunteer.
 */
export function VolunteerForm({
  variant = "page",
  result,
  headingLevel,
}: {
  variant?: "modal" | "page";
  result?: FormActionData;
  headingLevel?: 2 | 3;
}) {
  return (
    <SubmissionForm
      definition={volunteerForm}
      fields={variant === "modal" ? volunteerModalFields : volunteerPageFields}
      hidden={{ variant }}
      result={result}
      headingLevel={headingLevel}
    />
  );
}
