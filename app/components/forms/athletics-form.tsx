import { athleticsForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/** The athletics registration, completed by a parent or guardian, with its required consent box. Posts to /forms/athletics. */
export function AthleticsForm({
  result,
  headingLevel,
}: { result?: FormActionData; headingLevel?: 2 | 3 } = {}) {
  return <SubmissionForm definition={athleticsForm} result={result} headingLevel={headingLevel} />;
}
