// Lint: the web app's import boundaries (bulletproof-react's one-way flow). Shared code
// (`src/lib`, `src/api`, `src/stores`, `src/components`, `src/generated`, `src/locales`,
// `src/testing`) imports no feature and not the app; a feature imports shared code and itself,
// never another feature; the app (`src/app`, `src/main.tsx`) composes the features. The two wasm
// packages each have one importer: `src/lib/domain.ts` the boot module (and its benchmark),
// `src/lib/manageDomain.ts` the manage tools' module, which it loads lazily (a static import
// anywhere else would put it on the boot path). A violation fails `just test`.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Relative imports may not climb into another folder: cross-folder imports go through `@/`. */
const noClimbing = { regex: '^(\\.\\./){2,}', message: 'Import across folders with `@/…`, so boundaries stay visible.' };

/** The wasm packages, each imported by one module of src/lib only. */
const bootWasm = { regex: '(^|/)wasm-pkg(/|$)', message: 'Only src/lib/domain.ts imports the boot wasm module: call rules through it.' };
const manageWasm = {
  regex: '(^|/)wasm-manage-pkg(/|$)',
  message: 'Only src/lib/manageDomain.ts imports the manage wasm module (lazily, so it stays off the boot path): use loadManageRules() or useManageRules().',
};
const insightsWasm = {
  regex: '(^|/)wasm-insights-pkg(/|$)',
  message: 'Only src/lib/insightsDomain.ts imports the insights wasm module (lazily, so it stays off the boot path): use loadInsightsRules() or useInsightsRules().',
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const shared = [{ regex: '^@/(features|app)(/|$)', message: 'Shared code may not import a feature or the app.' }, noClimbing];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/wasm-pkg/**', 'src/wasm-manage-pkg/**', 'src/wasm-insights-pkg/**', 'coverage/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: restrict(bootWasm, manageWasm, insightsWasm),
  },
  {
    files: ['src/{lib,api,stores,components,generated,locales,testing}/**/*.{ts,tsx}'],
    rules: restrict(...shared, bootWasm, manageWasm, insightsWasm),
  },
  { files: ['src/lib/domain.ts', 'src/lib/domain.bench.ts'], rules: restrict(...shared, manageWasm, insightsWasm) },
  { files: ['src/lib/manageDomain.ts'], rules: restrict(...shared, bootWasm, insightsWasm) },
  { files: ['src/lib/insightsDomain.ts'], rules: restrict(...shared, bootWasm, manageWasm) },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${feature}(/|$))`,
              message: `A feature imports only shared code and itself: move what ${feature} needs from another feature into src/{lib,api,stores,components}.`,
            },
            { regex: '^@/app(/|$)', message: 'A feature may not import the app.' },
            noClimbing,
            bootWasm,
            manageWasm,
            insightsWasm,
          ],
        },
      ],
    },
  })),
);
