export const resources = {
  en: {
    translation: {
      title: "Hello, world",
      intro: "A page in {{count}} language",
      intro_other: "A page in {{count}} languages",
      thanks: "Thank you, {{name}}.",
    },
  },
  es: {
    translation: {
      title: "Hola, mundo",
      intro: "Una página en {{count}} idioma",
      intro_other: "Una página en {{count}} idiomas",
      thanks: "Gracias, {{name}}.",
    },
  },
};
