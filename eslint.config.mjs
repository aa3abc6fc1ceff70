// ESLint (flat config): TypeScript, React hooks, Next.js, and the project's layering, checked by
// `npm run lint` (part of `npm test` and CI).
//
// Layers (eslint-plugin-boundaries), dependencies point one way: app → components → server → shared.
// - shared: what the browser may load too — lib/schemas, lib/fiscal and lib's own files (format, money,
//   navigation, errors, subscription, security-headers); imports shared only.
// - client: lib/client (browser code): shared only — never components, the database or the HTTP layer.
// - server: db/ and the server parts of lib (api, auth, grid, import, mail): shared and server; never components or app.
//   (proxy.ts at the root is app code: outside every element, it may import anything.)
// - components, app: anything below them. Files in db/ (except the table declarations, which drizzle-kit
//   also loads) and lib/api must `import "server-only"`, so no client bundle can ever pull them in.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A local rule: the module must import "server-only". */
const serverOnlyRule = {
  meta: { type: "problem", docs: { description: 'require import "server-only"' }, schema: [] },
  create(context) {
    return {
      Program(node) {
        const marked = node.body.some((s) => s.type === "ImportDeclaration" && s.source.value === "server-only");
        if (!marked) context.report({ node, message: 'Modulo lato server: aggiungere `import "server-only";` in testa' });
      },
    };
  },
};

/**
 * A local rule: every eslint-disable directive says why, after ` -- ` (`// eslint-disable-next-line rule -- reason`),
 * so that an exception to a rule is a decision a reader can check, not a silenced warning.
 */
const disableReasonRule = {
  meta: { type: "suggestion", docs: { description: "require a reason on eslint-disable directives" }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const directive = /^\s*eslint-disable(?:-next-line|-line)?(?:\s|$)/.exec(comment.value);
          if (directive && !/\s--\s*\S/.test(comment.value.slice(directive[0].length - 1))) {
            context.report({ loc: comment.loc, message: "Direttiva eslint-disable senza motivo: aggiungere ` -- perché` (il motivo dell'eccezione)" });
          }
        }
      },
    };
  },
};

const CURRENT_USER_FROM_COOKIES = {
  name: "@/lib/auth/current-user",
  importNames: ["getCurrentUser"],
  message: "getCurrentUser reads next/headers' cookies() (server components): a route handler gets its user from guarded()",
};
/** Files of layer `from` may import files of the layers `to`. */
const policy = (from, to) => ({ from: { element: { type: from } }, allow: to.map((type) => ({ to: { element: { type } } })) });

export default tseslint.config(
  // lib/pdf/dist: the PDF pool's worker, a bundle built by scripts/pdf-worker.ts
  { ignores: ["node_modules/**", ".next*/**", "data/**", "drizzle/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "lib/pdf/dist/**"] },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin, "import-x": importX, boundaries, local: { rules: { "server-only": serverOnlyRule, "disable-reason": disableReasonRule } } },
    settings: {
      // import-x parses only the files of these extensions when it follows imports (default: .js/.mjs/.cjs,
      // which left no-cycle blind to every .ts/.tsx module); TypeScript files through typescript-eslint's parser
      "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts", ".cts"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true }), importX.createNodeResolver()],
      "boundaries/include": ["app/**", "components/**", "lib/**", "db/**"],
      // first match wins: the server folders, then the browser's, then what both share (lib's own files last)
      "boundaries/elements": [
        { type: "server", pattern: ["db/**", "lib/api/**", "lib/auth/**", "lib/grid/**", "lib/import/**", "lib/mail/**", "lib/crypto/**", "lib/bank/**"], partialMatch: false },
        { type: "client", pattern: ["lib/client/**"], partialMatch: false },
        { type: "shared", pattern: ["lib/schemas/**", "lib/fiscal/**", "lib"], partialMatch: false },
        { type: "components", pattern: ["components/**"], partialMatch: false },
        { type: "app", pattern: ["app/**"], partialMatch: false },
      ],
      "boundaries/dependency-nodes": ["import", "dynamic-import"],
      "import/resolver": { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      // The classic hooks rules. The React Compiler rules of the plugin's preset (set-state-in-effect,
      // refs, globals…) stay off: the app is not compiled with React Compiler, and what they flag here is
      // deliberate (a dialog resets its state when it opens; latest-callback refs read during render).
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_|^e$|^err$", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "local/disable-reason": "error",
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            policy("shared", ["shared"]),
            policy("client", ["shared", "client"]),
            policy("server", ["shared", "server"]),
            policy("components", ["shared", "client", "server", "components"]),
            policy("app", ["shared", "client", "server", "components", "app"]),
          ],
        },
      ],
    },
  },
  {
    // the HTTP layer and the data layer never reach a client bundle
    files: ["db/**/*.ts", "lib/api/**/*.ts"],
    ignores: ["db/schema/**", "**/*.test.ts"],
    rules: { "local/server-only": "error" },
  },
  {
    // one guard: a route handler gets its user and tenant scope from guarded() (lib/api/route.ts), never from
    // the cookies of a server component's helper
    files: ["app/api/**/*.ts", "lib/api/**/*.ts", "db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [CURRENT_USER_FROM_COOKIES] }] },
  },
  {
    // The one allowed import cycle: tenants and payment_modalities reference each other (a tenant's default
    // payment modality is a composite FK to payment_modalities(tenant_id, id); every payment modality belongs
    // to a tenant). Drizzle needs both table objects for the two foreign keys, and both are read lazily
    // (`references(() => tenants.id)`, the foreignKey in the extra-config callback), so the order in which
    // the two modules load does not matter. Off for these two files only: any other cycle is still reported.
    files: ["db/schema/tenants.ts", "db/schema/payment-modalities.ts"],
    rules: { "import-x/no-cycle": "off" },
  },
  {
    // tests, scripts and benchmarks drive every layer
    files: ["tests/**", "scripts/**", "bench/**", "**/*.test.ts", "**/*.test.tsx", "*.config.ts", "*.config.mjs"],
    rules: { "boundaries/dependencies": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
);
