/**
 * A batch worker for tests: it answers as the real one does (answerInput on the offline context), except
 * that an input whose file name starts with `crash` ends its thread on the spot, as a worker that dies in
 * the middle of a document would (a native crash, a heap out of memory).
 */
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { answerCalls } from '../../../core/pool/pool-worker';
import { localContext } from '../../../core/service';
import { answerBuffers, type BatchCall } from '../batch-worker';
import { answerInput, type Answered } from '../run-one';

/** The exit code the thread ends with (the test gives it, and finds it in the pool's message). */
const { crashExit } = workerData as { crashExit: number };

const ctx = localContext();
answerCalls<BatchCall, Answered>(({ one, request }, signal) => {
  if (one.name !== undefined && path.basename(one.name).startsWith('crash')) process.exit(crashExit);
  return answerInput(one, request, ctx, signal);
}, answerBuffers);
