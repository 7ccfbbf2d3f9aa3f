import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/** One record as the store holds it: where it is (for a person to find it) and its text. */
export interface StoredCheckpoint {
  /** e.g. `checkpoints.jsonl:12`: the file and line of a file store. */
  ref: string;
  text: string;
}

/**
 * Where signed checkpoints of the audit trail are kept, out of the database's reach
 * (docs/operators.md, The audit trail's anchor). A store only appends and reads back: the
 * signature, not the store, says whether a record is genuine; the store's job is that nobody who
 * holds the database can remove a record from it. Production points it to append-only storage.
 */
export interface CheckpointStore {
  /** Where the records go, for logs and messages. */
  readonly location: string;
  /** Adds one record (a single line of JSON). Two instances appending at once both land. */
  append(record: string): Promise<void>;
  /** Every record, oldest first, including lines that no longer read as a checkpoint. */
  readAll(): Promise<StoredCheckpoint[]>;
}

const fileName = 'checkpoints.jsonl';

/**
 * One JSON-lines file in a folder. Each record is written with one append (O_APPEND) and
 * flushed before the call returns, so instances writing together never interleave, and a
 * checkpoint reported as written survives a crash. The file can be made append-only by the
 * system (`chattr +a`), or the folder can be storage that only accepts appends.
 */
export function fileCheckpointStore(folder: string): CheckpointStore {
  const file = path.join(folder, fileName);
  return {
    location: file,
    async append(record) {
      if (record.includes('\n')) throw new Error('a checkpoint record is one line');
      await mkdir(folder, { recursive: true });
      const handle = await open(file, 'a', 0o644);
      try {
        await handle.write(`${record}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async readAll() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const lines = text.split('\n');
      const records: StoredCheckpoint[] = [];
      lines.forEach((line, index) => {
        if (line.trim() !== '') records.push({ ref: `${fileName}:${index + 1}`, text: line });
      });
      return records;
    },
  };
}

/** The store the configuration names: the file store in AUDIT_CHECKPOINT_DIR (default DATA_DIR/audit-checkpoints). */
export function openCheckpointStore(config: Pick<Config, 'auditCheckpointDir'>): CheckpointStore {
  return fileCheckpointStore(config.auditCheckpointDir);
}
