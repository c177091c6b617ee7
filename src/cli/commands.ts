/** The table of sub-commands: each one's name, summary, help text and entry point. */

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly help: string;
  readonly run: (args: string[]) => Promise<number>;
}

/** Every sub-command, in the order `atril --help` lists them. */
export const commands: readonly Command[] = [];
