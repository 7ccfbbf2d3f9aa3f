import { closeDataRequest, listDataRequests } from '../../modules/privacy/dsar';
import type { PageKey } from '../../db/page-keys';
import { terminalField } from '../terminal-text';
import { isRecordId } from '#domain/schemas/operator-requests';
import type { CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

/** Rows read per query by `dsar list`. */
const cliPageSize = 500;

/** `dsar list [--all]` and `dsar close <id>`: data-subject requests and their deadlines. */
export async function dsarCommand({ values, positionals }: CliArguments, io: CliIo): Promise<number> {
  const [action, id] = positionals;
  if (action === 'list') {
    // Page after page, as GET /ops/dsar hands them out: every request is printed, never the whole table held at once.
    let after: PageKey | undefined;
    let printed = 0;
    do {
      const requests = await listDataRequests(io.db, { includeClosed: values.all === true, now: io.now, limit: cliPageSize, after });
      for (const request of requests) {
        const state = request.closed_at ? `closed ${request.closed_at.slice(0, 10)}` : request.overdue ? 'OVERDUE' : 'open';
        const who = request.email ? `${terminalField(request.name ?? '')} <${terminalField(request.email)}>` : '(erased with the account)';
        io.out(
          `${request.id}  due ${request.due_at.slice(0, 10)}  ${state.padEnd(16)} ${request.kind.padEnd(13)} ${request.country_code}  ${who}\n`,
        );
      }
      printed += requests.length;
      after = requests.length === cliPageSize ? requests.at(-1)!.pageKey : undefined;
    } while (after);
    if (printed === 0) io.out(values.all ? 'No data-subject request.\n' : 'No open data-subject request.\n');
    return 0;
  }
  if (action === 'close' && id) {
    if (!isRecordId(id)) throw new CliUsageError('dsar close needs the id shown by dsar list');
    io.out(`${JSON.stringify(await closeDataRequest(io.db, io.actor, id, io.now), null, 2)}\n`);
    return 0;
  }
  throw new CliUsageError('dsar needs list [--all] or close <id>');
}
