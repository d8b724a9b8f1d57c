import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'src/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/widgets/**', 'react', 'react-dom'], message: 'The server must not import React or widgets/.' }] },
      ],
    },
  },
  {
    // Only the server is barred from React; the browser code and the widgets need it.
    files: ['src/app/**', 'widgets/**', 'test/unit/widgets/**', 'test/e2e/**', 'scripts/**', 'test/unit/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
