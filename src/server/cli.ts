import { existingAppKey, loadConfig } from './config.js';
import { CliError, runCommand } from './cliCommands.js';
import { systemClock } from './lib/clock.js';

// The entry point of `npm run cli -- <command>`: the commands live in cliCommands.ts.
runCommand(
  process.argv.slice(2),
  () => loadConfig().databaseUrl,
  systemClock,
  () => existingAppKey(),
).then(
  (out) => console.log(out),
  (err: unknown) => {
    console.error(err instanceof CliError || err instanceof TypeError ? `Error: ${err.message}` : err);
    process.exit(1);
  },
);
