/**
 * Runs an `atril` command in this process (the exported `run` of src/cli/main.ts) and captures
 * what it writes, so that tests of options and input files need no subprocess.
 */
import { run } from '../../src/cli/main.js';

/** What a command wrote and returned. */
export interface CliResult {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Calls `atril ARGS…` in-process; stdout and stderr are captured, not printed. */
export async function runCli(...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const realOut = process.stdout.write.bind(process.stdout);
  const realErr = process.stderr.write.bind(process.stderr);
  const capture =
    (into: string[]) =>
    (chunk: string | Uint8Array): boolean => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    };
  process.stdout.write = capture(out) as typeof process.stdout.write;
  process.stderr.write = capture(err) as typeof process.stderr.write;
  try {
    const code = await run(args);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = realOut;
    process.stderr.write = realErr;
  }
}
