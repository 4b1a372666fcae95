import { mentoringForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/** The mentoring application, for mentees (a guardian helps under 18) and mentors. Posts to /forms/mentoring. */
export function MentoringForm({
  result,
  headingLevel,
}: { result?: FormActionData; headingLevel?: 2 | 3 } = {}) {
  return <SubmissionForm definition={mentoringForm} result={result} headingLevel={headingLevel} />;
}
