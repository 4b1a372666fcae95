/**
 * The reference a person is given for a submission: the first eight characters of its id,
 * enough to find it in the admin inbox's search and short enough to read out on the phone.
 */
export function submissionReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
