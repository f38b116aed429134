// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

/**
 * Imports each layer may not make: rules <- game <- data <- ui; cup <- ui/main. `data` and `ui`
 * use the game (and `ui` the data layer) only through its index; only `data` touches IndexedDB.
 */
const layer = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Import patterns for these folders of src/, their index included. */
const folders = (...names) => names.flatMap((name) => [`**/${name}`, `**/${name}/**`]);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dev-dist',
      'test-results',
      'playwright-report',
      'firmware-protocol/reference/build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/ui/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/ui/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['src/rules/**/*.ts'],
    rules: layer([
      {
        group: [
          ...folders('game', 'data', 'app', 'ui', 'cup'),
          'xstate',
          'idb',
          'lit',
          'lit/*',
          '@lit/*',
        ],
        message: 'rules are pure: no game, data, app, ui, cup, xstate, idb, lit or words',
      },
    ]),
  },
  {
    files: ['src/game/**/*.ts'],
    rules: layer([
      {
        group: [...folders('data', 'app', 'ui', 'cup'), 'idb', 'lit', 'lit/*', '@lit/*'],
        message: 'game depends on rules only: no storage (the data layer), no words (ui/text)',
      },
    ]),
  },
  {
    files: ['src/data/**/*.ts'],
    rules: layer([
      {
        group: [...folders('app', 'ui', 'cup'), 'lit', 'lit/*', '@lit/*'],
        message: 'data depends on game and rules only: no DOM, no words',
      },
      { group: ['**/game/*'], message: 'use the game through its index (src/game/index.ts)' },
    ]),
  },
  {
    files: ['src/app/**/*.ts'],
    rules: layer([
      {
        group: [...folders('ui'), 'idb', 'lit', 'lit/*', '@lit/*'],
        message: "the app's life knows no page: the UI renders its view (src/app/view.ts)",
      },
      { group: ['**/game/*'], message: 'use the game through its index (src/game/index.ts)' },
      { group: ['**/data/*'], message: 'use the data layer through its index (src/data/index.ts)' },
      { group: ['**/cup/*'], message: 'use the cup through its index (src/cup/index.ts)' },
    ]),
  },
  {
    files: ['src/ui/**/*.ts'],
    rules: layer([
      { group: ['**/game/*'], message: 'use the game through its index (src/game/index.ts)' },
      { group: ['**/data/*'], message: 'use the data layer through its index (src/data/index.ts)' },
      { group: ['idb'], message: 'storage belongs to the data layer' },
      {
        regex: '(^|/)app(/(?!view$)[^/]*)?$',
        allowTypeImports: true,
        message:
          'the UI reads the app machine through its view (src/app/view.ts): no xstate in the first chunk',
      },
    ]),
  },
  {
    files: ['src/cup/**/*.ts'],
    rules: layer([
      {
        group: folders('game', 'data', 'app', 'ui', 'rules'),
        message: 'the cup knows nothing of the game (xstate is fine: its connection is a machine)',
      },
    ]),
  },
);
