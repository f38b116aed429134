// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

/** Imports each layer may not make: rules <- game <- ui; cup <- ui/main. */
const layer = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
        group: ['**/game/**', '**/ui/**', '**/cup/**', 'xstate', 'lit', 'lit/*'],
        message: 'rules are pure: no game, ui, cup, xstate or lit',
      },
    ]),
  },
  {
    files: ['src/game/**/*.ts'],
    rules: layer([
      { group: ['**/ui/**', '**/cup/**', 'lit', 'lit/*'], message: 'game depends on rules only' },
    ]),
  },
  {
    files: ['src/cup/**/*.ts'],
    rules: layer([
      {
        group: ['**/game/**', '**/ui/**', '**/rules/**', 'xstate'],
        message: 'the cup knows nothing of the game',
      },
    ]),
  },
);
