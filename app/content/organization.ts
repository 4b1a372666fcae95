/** Facts about the organisation that pages, e-mail and structured data share. */
export const ORGANIZATION = {
  email: "hello@example.org",
  phone: "+1-212-555-0142",
  phoneDisplay: "(212) 555-0142",
  address: { street: "125 West 125th Street", city: "New York", region: "NY", postalCode: "10027" },
  foundingYear: 2025,
  // The organisation's own profiles (the footer and structured data's sameAs), never a platform's home page.
  social: [
    { id: "instagram", url: "https://www.instagram.com/productyouthnyc/" },
    { id: "facebook", url: "https://www.facebook.com/productyouthnyc" },
    { id: "linkedin", url: "https://www.linkedin.com/company/productyouthnyc/" },
    { id: "youtube", url: "https://www.youtube.com/@productyouthnyc" },
  ],
} as const;
