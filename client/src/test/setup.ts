import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages are code-split: the first visit to one imports (and, under vitest, transforms) its module,
// which takes more than Testing Library's default second on a busy machine. Waiting longer for
// what must appear changes no assertion; a page that never shows still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does not scroll: React Router's ScrollRestoration calls window.scrollTo on every page change.
// (Some suites run in the node environment, without a window.)
if (typeof window !== 'undefined') window.scrollTo = (() => undefined) as typeof window.scrollTo;
