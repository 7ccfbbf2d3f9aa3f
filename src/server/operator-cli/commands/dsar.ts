import { closeDataRequest, listDataRequests } from '../../modules/privacy/dsar';
import { terminalField } from '../terminal-text';
import { isRecordId } from '#domain/schemas/operator-requests';
import type { CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

/** `dsar list [--all]` and `dsar close <id>`: data-subject requests and their deadlines. */
export async function dsarCommand({ values, positionals }: CliArguments, io: CliIo): Promise<number> {
  const [action, id] = positionals;
  if (action === 'list') {
    const requests = await listDataRequests(io.db, { includeClosed: values.all === true, now: io.now });
    for (const request of requests) {
      const state = request.closed_at ? `closed ${request.closed_at.slice(0, 10)}` : request.overdue ? 'OVERDUE' : 'open';
      const who = request.email ? `${terminalField(request.name ?? '')} <${terminalField(request.email)}>` : '(erased with the account)';
      io.out(
        `${request.id}  due ${request.due_at.slice(0, 10)}  ${state.padEnd(16)} ${request.kind.padEnd(13)} ${request.country_code}  ${who}\n`,
      );
    }
    if (requests.length === 0) io.out(values.all ? 'No data-subject request.\n' : 'No open data-subject request.\n');
    return 0;
  }
  if (action === 'close' && id) {
    if (!isRecordId(id)) throw new CliUsageError('dsar close needs the id shown by dsar list');
    io.out(`${JSON.stringify(await closeDataRequest(io.db, io.actor, id, io.now), null, 2)}\n`);
    return 0;
  }
  throw new CliUsageError('dsar needs list [--all] or close <id>');
}
