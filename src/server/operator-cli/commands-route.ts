import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { dataAnswer } from '../http/api-schemas';
import { currentActor, localCliAccess, type OperatorRoutes } from '../http/operator-access';
import type { PaymentCipher } from '../modules/payments/encryption';
import { checkCliCommand, runCliCommand } from './commands';
import type { CliIo, OutputFile } from './commands/types';

const argument = z.string({ error: 'invalidValue' }).max(100_000, { error: 'tooLong' });
const fileName = z.string({ error: 'invalidValue' }).min(1, { error: 'required' }).max(4096, { error: 'tooLong' });

export const cliCommandBody = z.strictObject({
  /** A command line as `npm run ops --` takes it, e.g. ["adjust", "--email", "a@b.c", "--amount", "1.00", "--comment", "x"]. */
  argv: z.array(argument, { error: 'required' }).min(1, { error: 'required' }).max(10_000, { error: 'tooLong' }),
  /** The input files the command line names (content import, bins import), by the name used there. */
  files: z.record(fileName, z.string({ error: 'invalidValue' })).optional(),
  /** Input files that are not UTF-8 text (a Zengin answer in Shift_JIS), as base64 of their bytes. */
  binary_files: z.record(fileName, z.base64({ error: 'invalidValue' })).optional(),
  /** The operator's working directory: relative output paths are answered resolved against it. */
  cwd: fileName.refine((value) => path.isAbsolute(value), { error: 'invalidValue' }).optional(),
});

const cliCommandResult = z.object({
  exit_code: z.number().int(),
  stdout: z.string(),
  stderr: z.string(),
  files: z.array(
    z.object({ name: z.string(), content: z.string(), encoding: z.enum(['utf-8', 'base64']).optional(), mode: z.number().int() }),
  ),
});

export type CliCommandResult = z.infer<typeof cliCommandResult>;

/** Input files and output paths can be large (a bins import, a sheet of many labels): more room than the API's 64 KB. */
const commandBodyLimit = 32 * 1024 * 1024;

/**
 * POST /ops/commands: one `npm run ops` command line, run by the server on its own database.
 * With PGlite the server is the only process that may open the folder, so the CLI sends its
 * commands here; the answer carries what the CLI prints, its exit code, and the files it writes.
 */
export function registerCliCommandRoute(ops: OperatorRoutes, context: AppContext, paymentCipher: PaymentCipher) {
  const schema = {
    summary: 'Run an ops CLI command line on this server',
    security: localCliAccess,
    body: cliCommandBody,
    response: { 200: dataAnswer(cliCommandResult) },
  };
  ops.post('/commands', { bodyLimit: commandBodyLimit, schema }, async (request) => {
    const body = request.body;
    const stdout: string[] = [];
    const stderr: string[] = [];
    const files: OutputFile[] = [];
    const io: CliIo = {
      db: context.db,
      config: context.config,
      actor: currentActor(request),
      paymentCipher: async () => paymentCipher,
      auditAnchor: () => context.auditAnchor,
      now: context.now(),
      out: (text) => stdout.push(text),
      err: (text) => stderr.push(text),
      readFile(name) {
        const text = body.files?.[name];
        if (text === undefined) throw new Error(body.binary_files?.[name] === undefined ? 'not sent with the command' : 'not UTF-8 text');
        return text;
      },
      readBytes(name) {
        const text = body.files?.[name];
        if (text !== undefined) return Buffer.from(text, 'utf8');
        const bytes = body.binary_files?.[name];
        if (bytes === undefined) throw new Error('not sent with the command');
        return Buffer.from(bytes, 'base64');
      },
      writeFile: (file) => files.push(file),
      // The server's own working directory means nothing to the operator: without theirs, a path stays as given.
      resolvePath: (name) => (body.cwd ? path.resolve(body.cwd, name) : path.normalize(name)),
    };
    const checked = checkCliCommand(body.argv);
    if (checked.ok && checked.command.localOnly) {
      const message = `${checked.args.command} runs only where the database is opened by the CLI: stop the server first.\n`;
      return { data: { exit_code: 2, stdout: '', stderr: message, files: [] } satisfies CliCommandResult };
    }
    const exitCode = await runCliCommand(body.argv, io);
    return { data: { exit_code: exitCode, stdout: stdout.join(''), stderr: stderr.join(''), files } satisfies CliCommandResult };
  });
}
