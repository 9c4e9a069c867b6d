/** Server tests: jest + supertest against the real database engine (see src/test/global-setup.ts). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: {
    '^@pulso/shared$': '<rootDir>/../shared/src/index.ts',
    '^@pulso/shared/receipt-pdf$': '<rootDir>/../shared/src/receipts/pdf.ts',
  },
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  testTimeout: 30_000,
  // Two cores: one worker per core keeps the engine and the tests from starving each other.
  maxWorkers: 2,
};
