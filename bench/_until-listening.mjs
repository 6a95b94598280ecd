#!/usr/bin/env node
/**
 * Starts `npm start` (or the command given) and exits as soon as the server prints that it is running:
 * run under farm-bench, the process's wall time is the start's time to listening.
 *   farm-bench -n 5 -- node bench/_until-listening.mjs
 * The server's own output goes to stderr; the child's group gets SIGTERM once it listens (it then
 * stops on its own, after this process has exited).
 */
import { spawn } from 'node:child_process';

const cmd = process.argv.slice(2);
const [bin, ...args] = cmd.length ? cmd : ['npm', 'start'];
const started = performance.now();
const child = spawn(bin, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
let seen = '';
child.stderr.on('data', (chunk) => process.stderr.write(chunk));
child.stdout.on('data', (chunk) => {
  process.stderr.write(chunk);
  seen += chunk;
  if (/is running at/.test(seen)) {
    console.log(`listening after ${((performance.now() - started) / 1000).toFixed(2)} s`);
    process.kill(-child.pid, 'SIGTERM');
    process.exit(0);
  }
});
child.on('exit', () => process.exit(1));
