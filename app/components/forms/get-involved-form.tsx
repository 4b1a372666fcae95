import { getInvolvedForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/** The get-involved form. Posts to /forms/get-involved. */
export function GetInvolvedForm({
  result,
  headingLevel,
}: { result?: FormActionData; headingLevel?: 2 | 3 } = {}) {
  return <SubmissionForm definition={getInvolvedForm} result={result} headingLevel={headingLevel} />;
}
