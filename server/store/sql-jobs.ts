/**
 * The job table, on either engine. Taking a job is one conditional UPDATE (queued, or running on a
 * lease that ran out) so that two workers never both hold it; keeping its outcome is one transaction
 * with the settling of its reservation, and happens once whatever the number of workers that ran it.
 */
import type { ExpressionBuilder, Selectable } from 'kysely';
import type {
  Claim,
  ClaimedJob,
  JobPayload,
  JobRecord,
  JobService,
  JobStatus,
  JobStore,
  NewJob,
} from '../../core/service/jobs';
import type { FilePart } from '../../core/service/types';
import type { JobsTable, StoreTables } from './schema';
import { settleReservation, type SqlStorage, type StoreDb } from './sql-storage';

/** The payload as JSON text: files' bytes in base64. */
function encodePayload(payload: JobPayload): string {
  const files = Object.fromEntries(
    Object.entries(payload.request.files).map(([name, file]) => [
      name,
      { ...file, bytes: Buffer.from(file.bytes).toString('base64') },
    ]),
  );
  return JSON.stringify({ ...payload, request: { ...payload.request, files } });
}

function decodePayload(text: string): JobPayload {
  const payload = JSON.parse(text) as JobPayload & {
    request: { files: Record<string, Omit<FilePart, 'bytes'> & { bytes: string }> };
  };
  const files = Object.fromEntries(
    Object.entries(payload.request.files).map(([name, file]) => [
      name,
      { ...file, bytes: new Uint8Array(Buffer.from(file.bytes, 'base64')) },
    ]),
  );
  return { ...payload, request: { ...payload.request, files } };
}

const jobOf = (row: Omit<Selectable<JobsTable>, 'payload'>): JobRecord => ({
  id: row.id,
  tenant: row.tenant,
  service: row.service as JobService,
  status: row.status as JobStatus,
  attempts: Number(row.attempts),
  reservationId: row.reservation_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  response: row.response === null ? null : (JSON.parse(row.response) as JobRecord['response']),
});

const claimedOf = (row: Selectable<JobsTable>): ClaimedJob => ({
  ...jobOf(row),
  payload: decodePayload(row.payload),
  leaseUntil: row.lease_until ?? '',
});

/** Queued, or running on a lease that ran out before `at`: a job a worker may take. */
const takeable = (at: string) => (eb: ExpressionBuilder<StoreTables, 'jobs'>) =>
  eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', at)])]);

/** A worker takes a job: one more attempt, on its lease. */
const taking = (at: string, leaseUntil: string) => (eb: ExpressionBuilder<StoreTables, 'jobs'>) => ({
  status: 'running',
  attempts: eb('attempts', '+', 1),
  lease_until: leaseUntil,
  updated_at: at,
});

const RECORD_COLUMNS = [
  'id',
  'tenant',
  'service',
  'status',
  'attempts',
  'reservation_id',
  'lease_until',
  'response',
  'created_at',
  'updated_at',
] as const;

export class SqlJobStore implements JobStore {
  private readonly db: StoreDb;

  constructor(private readonly storage: SqlStorage) {
    this.db = storage.db;
  }

  async createJob(job: NewJob) {
    await this.storage.transaction(async (trx) => {
      await trx
        .insertInto('jobs')
        .values({
          id: job.id,
          tenant: job.tenant,
          service: job.service,
          status: job.leaseUntil === null ? 'queued' : 'running',
          attempts: job.leaseUntil === null ? 0 : 1,
          reservation_id: job.reservationId,
          payload: encodePayload(job.payload),
          lease_until: job.leaseUntil,
          response: null,
          created_at: job.at,
          updated_at: job.at,
        })
        .execute();
      if (job.reservationId !== null) {
        await trx
          .updateTable('quota_reservations')
          .set({ expires_at: job.reservationExpiresAt })
          .where('id', '=', job.reservationId)
          .execute();
      }
    });
  }

  async findJob(tenant: string, id: string) {
    const row = await this.db
      .selectFrom('jobs')
      .select(RECORD_COLUMNS)
      .where('id', '=', id)
      .where('tenant', '=', tenant)
      .executeTakeFirst();
    return row ? jobOf(row) : null;
  }

  async claimJob(id: string, at: string, leaseUntil: string): Promise<Claim> {
    const row = await this.db
      .updateTable('jobs')
      .set(taking(at, leaseUntil))
      .where('id', '=', id)
      .where(takeable(at))
      .returningAll()
      .executeTakeFirst();
    if (row) return { status: 'claimed', job: claimedOf(row) };
    const found = await this.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
    if (!found) return { status: 'unknown' };
    return { status: found.status === 'done' ? 'done' : 'busy' };
  }

  async claimNextJob(at: string, leaseUntil: string) {
    const row = await this.db
      .updateTable('jobs')
      .set(taking(at, leaseUntil))
      .where('id', '=', (eb) =>
        eb.selectFrom('jobs').select('id').where(takeable(at)).orderBy('created_at').orderBy('id').limit(1),
      )
      .where(takeable(at))
      .returningAll()
      .executeTakeFirst();
    return row ? claimedOf(row) : null;
  }

  async renewJobLease(id: string, attempt: number, leaseUntil: string) {
    const renewed = await this.db
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return renewed.numUpdatedRows > 0n;
  }

  finishJob(
    id: string,
    response: NonNullable<JobRecord['response']>,
    outcome: 'charge' | 'refund',
    at: string,
  ) {
    return this.storage.transaction(async (trx) => {
      const finished = await trx
        .updateTable('jobs')
        .set({ status: 'done', response: JSON.stringify(response), lease_until: null, updated_at: at })
        .where('id', '=', id)
        .where('status', '<>', 'done')
        .returning('reservation_id')
        .executeTakeFirst();
      if (!finished) return false;
      if (finished.reservation_id !== null) await settleReservation(trx, finished.reservation_id, outcome);
      return true;
    });
  }

  async requeueStaleJobs(at: string) {
    const rows = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', updated_at: at })
      .where('status', '=', 'running')
      .where('lease_until', '<', at)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
