import { runContractCli } from './contract-cli';

/** `npm run test:api -- --url=…`: the contract scenarios black-box against a running Pulso (docs/testing.md). */
runContractCli(process.argv.slice(2), process.env, (line) => console.log(line)).then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
