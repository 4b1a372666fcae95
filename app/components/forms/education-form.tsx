import { educationForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/** The education enrollment request, completed by a parent or guardian. Posts to /forms/education. */
export function EducationForm({
  result,
  headingLevel,
}: { result?: FormActionData; headingLevel?: 2 | 3 } = {}) {
  return <SubmissionForm definition={educationForm} result={result} headingLevel={headingLevel} />;
}
