import { fundraisingTeamForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/** The fundraising-team application. Posts to /forms/fundraising-team. */
export function FundraisingTeamForm({
  result,
  headingLevel,
}: { result?: FormActionData; headingLevel?: 2 | 3 } = {}) {
  return <SubmissionForm definition={fundraisingTeamForm} result={result} headingLevel={headingLevel} />;
}
