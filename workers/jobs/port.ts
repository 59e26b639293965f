// The job port lives with the commands (commands/jobs/port.ts): the API enqueues through it; its adapters are here.
export * from '../../commands/jobs/port.ts';
