/**
 * The server the benchmark measures, in its own process: `atril serve` from the sources
 * (through tsx), so that the figures are those of the code in this checkout, built or not.
 */
import { runServe } from '../../src/cli/serve.js';

process.exitCode = await runServe(process.argv.slice(2));
