import { partnerForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/** The partner inquiry. Posts to /forms/partner. */
export function PartnerForm({
  result,
  headingLevel,
}: { result?: FormActionData; headingLevel?: 2 | 3 } = {}) {
  return <SubmissionForm definition={partnerForm} result={result} headingLevel={headingLevel} />;
}
