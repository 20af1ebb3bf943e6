import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Environment } from '../helpers/config/config.ts';
import { type Command, type Output, parseCommand, UsageError } from './args.ts';
import { helpText } from './help.ts';

const STDIO: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** The command line; `--help` and a usage error answer without loading the engine (`commands.ts`). */
export async function main(
  argv: readonly string[],
  env: Environment = process.env,
  io: Output = STDIO,
  signal?: AbortSignal,
): Promise<0 | 1 | 2> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(error.message);
    return 2;
  }
  if (command.kind === 'help') {
    io.out(helpText());
    return 0;
  }
  const { runCommand } = await import('./commands.ts');
  return runCommand(command, env, io, signal);
}

/** Runs the command line for this process: SIGINT / SIGTERM cancel the run and release the target. */
export async function runProcess(): Promise<void> {
  const controller = new AbortController();
  // `reference` serves until a signal, which is its ordinary end, not an interruption.
  const serving = process.argv[2] === 'reference' || process.argv[2] === 'proxy';
  const stop = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(2);
    if (!serving)
      process.stderr.write(
        'Interrupted: stopping the run, deleting its records and releasing the target (again to force)…\n',
      );
    controller.abort(signal);
  };
  // A closed pipe (`| head`) ends the output, not the run.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await main(process.argv.slice(2), process.env, STDIO, controller.signal).catch((error) => {
    process.stderr.write(`Engine error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  });
  process.exitCode = code;
  // vitest sets the exit code of a run it still finishes in the background: the command line's is the last word.
  process.on('exit', () => {
    process.exitCode = code;
  });
  // Whatever handle a worker left behind, the process ends with this code.
  setTimeout(() => process.exit(code), 3000).unref();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runProcess();
