import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// A component may start a lazy import as it renders (Chart.js, a popup): one still on its way when
// the file's environment is torn down fails the whole run though every test passed.
afterAll(() => vi.dynamicImportSettled());
