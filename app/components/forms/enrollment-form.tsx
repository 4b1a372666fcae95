import { enrollmentForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/** docs/product.md §4 and §9: the success view stays 2 s, then the dialog closes and the form resets. */
const ENROLLMENT_SUCCESS_MS = 2000;

const noProgramChosen = (values: Record<string, unknown>) => {
  const programs = values.programs;
  return !(Array.isArray(programs) ? programs.length > 0 : typeof programs === "string" && programs !== "");
};

/**
 * The home enrollment dialog's form. Posts to /forms/enrollment; Submitting... while the real
 * request runs, then "Enrollment Submitted!"; after 2 s `onDone` (the dialog's close) is called
 * and every field resets (docs/product.md §4), on the home dialog and on /forms/enrollment alike.
 * Default export, so the home page can load it lazily.
 */
export function EnrollmentForm({
  onDone,
  result,
  headingLevel,
}: {
  onDone?: () => void;
  result?: FormActionData;
  headingLevel?: 2 | 3;
}) {
  return (
    <SubmissionForm
      definition={enrollmentForm}
      result={result}
      headingLevel={headingLevel}
      onDone={onDone}
      autoDoneMs={ENROLLMENT_SUCCESS_MS}
      blockSubmit={noProgramChosen}
    />
  );
}

export default EnrollmentForm;
