/** Facts about the organisation that pages, e-mail and structured data share. */
export const ORGANIZATION = {
  email: "hello@example.org",
  phone: "+1-212-555-0142",
  phoneDisplay: "(212) 555-0142",
  address: { street: "125 West 125th Street", city: "New York", region: "NY", postalCode: "10027" },
  foundingYear: 2025,
  social: [
    { id: "instagram", url: "https://www.instagram.com/" },
    { id: "facebook", url: "https://www.facebook.com/" },
    { id: "linkedin", url: "https://www.linkedin.com/" },
    { id: "youtube", url: "https://www.youtube.com/" },
  ],
} as const;
