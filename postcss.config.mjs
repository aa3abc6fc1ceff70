/** Tailwind CSS v4 runs as a single PostCSS plugin; theme lives in app/globals.css. */
const config = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
};

export default config;
