// Lint: the web app's import boundaries (bulletproof-react's one-way flow). Shared code
// (`src/lib`, `src/api`, `src/stores`, `src/components`, `src/generated`, `src/locales`,
// `src/testing`) imports no feature and not the app; a feature imports shared code and itself,
// never another feature; the app (`src/app`, `src/main.tsx`) composes the features. A violation
// fails `just test`.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Relative imports may not climb into another folder: cross-folder imports go through `@/`. */
const noClimbing = { regex: '^(\\.\\./){2,}', message: 'Import across folders with `@/…`, so boundaries stay visible.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/wasm-pkg/**', 'coverage/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  {
    files: ['src/{lib,api,stores,components,generated,locales,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/(features|app)(/|$)', message: 'Shared code may not import a feature or the app.' },
            noClimbing,
          ],
        },
      ],
    },
  },
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
          ],
        },
      ],
    },
  })),
);
