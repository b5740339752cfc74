// The jobs module's surface for the other modules: the queue shared by instances and the
// runner each instance starts.
export { type Job, JobQueue } from './job-queue.ts';
export { type JobHandler, type JobOutcome, JobRunner } from './job-runner.ts';
