import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Another module's model, reached from a module (`../x/x.model`) or from outside the modules. */
const OTHER_MODULES_MODEL = {
  group: ['../*/*.model', '**/modules/*/*.model'],
  message: "Another module's model: call that module's service instead.",
};
const OWN_MODEL = {
  group: ['./*.model'],
  allowTypeImports: true,
  message: "A controller or route calls its module's service; only the service reads and writes the model.",
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.mjs', 'e2e/**/*.mjs', 'server/*.mjs', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Browser tests pass callbacks to page.evaluate/waitForFunction, which run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['server/src/**/__tests__/**/*.ts', 'server/src/test/**/*.ts'],
    languageOptions: { globals: globals.jest },
  },
  // Module boundaries: a module's model is read and written only by its own service; other
  // modules, the seed and the app call that service. Tests may arrange data through any model, and
  // scripts/models.ts registers them all for restore's indexes.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/__tests__/**', 'server/src/test/**', 'server/src/scripts/models.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_MODULES_MODEL] }] },
  },
  {
    // Routes and controllers speak HTTP and call their service, which alone touches the model.
    files: ['server/src/modules/*/*.routes.ts', 'server/src/modules/*/*.controller.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_MODULES_MODEL, OWN_MODEL] }] },
  },
);
