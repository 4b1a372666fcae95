import { contactForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/** The contact form of docs/product.md §3 (subjects, character counter, preferred contact, newsletter opt-in). Posts to /forms/contact. */
export function ContactForm({
  result,
  headingLevel,
}: { result?: FormActionData; headingLevel?: 2 | 3 } = {}) {
  return <SubmissionForm definition={contactForm} result={result} headingLevel={headingLevel} />;
}
