/** Stories (docs/product.md §3); words in locales/{en,es}/impact.json. Reports are in D1 (decision 021). */
export const STORIES = [
  { id: "andre", program: "education" },
  { id: "sofia", program: "athletics" },
  { id: "jaylen", program: "mentorship" },
  { id: "volunteer", program: "mentorship" },
] as const;
