// Runs a batch of multi-stream commands at once in a process of its own, for the durable-process crash test. It
// SIGKILLs itself right after its Nth append has committed (KILL_AFTER_APPENDS), so it dies between two steps of
// some command. Each command it finishes is acknowledged on stdout, as an HTTP answer would be: "ack <id> <outcome>".
import { createPool } from '../../commands/db/pool.ts';
import type { CommandContext } from '../../commands/handle.ts';
import {
  continueExtension,
  participationAction,
  requestJoin,
  staffAccept,
} from '../../commands/participation/handlers.ts';
import { registerVolunteer, updateRegistration } from '../../commands/registration/handlers.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { commandStore } from './command-store.ts';

export type ChildCommand = { commandId: string } & (
  | { kind: 'accept' | 'join' | 'continue'; opportunityId: string; volunteerId: string }
  | { kind: 'action'; opportunityId: string; volunteerId: string; action: 'Cancel' | 'StaffReject' | 'MarkAbsent' }
  | { kind: 'register'; form: RegistrationForm }
  | { kind: 'update'; volunteerId: string; previous: RegistrationForm; form: RegistrationForm }
);

const [url, role, killAfter, batch] = process.argv.slice(2);
const pool = createPool(url!, { max: 8, role: role === '-' ? null : role! });
const store = commandStore(pool, { crossProcessHints: false });
const append = store.append.bind(store);
let appends = 0;
store.append = async (...args) => {
  const r = await append(...args);
  if (++appends === Number(killAfter)) process.kill(process.pid, 'SIGKILL');
  return r;
};

const ctx = (commandId: string): CommandContext => ({
  actorId: null,
  actorRole: null,
  correlationId: 'kill-test',
  clientCode: 'MOH',
  commandId,
  now: new Date(),
});

function run(c: ChildCommand): Promise<unknown> {
  const opts = { byAdmin: false, confirmRaise: false };
  switch (c.kind) {
    case 'accept':
      return staffAccept(store, c.opportunityId, c.volunteerId, opts, ctx(c.commandId));
    case 'join':
      return requestJoin(store, c.opportunityId, c.volunteerId, ctx(c.commandId));
    case 'continue':
      return continueExtension(store, c.opportunityId, c.volunteerId, ctx(c.commandId));
    case 'action':
      return participationAction(
        store,
        c.opportunityId,
        c.volunteerId,
        (opportunity) => (c.action === 'MarkAbsent' ? { type: c.action } : { type: c.action, opportunity }),
        ctx(c.commandId),
      );
    case 'register':
      return registerVolunteer(store, CLIENTS.MOH, { form: c.form, submit: true }, ctx(c.commandId));
    case 'update':
      return updateRegistration(
        store,
        CLIENTS.MOH,
        c.volunteerId,
        c.previous,
        { form: c.form, submit: true },
        ctx(c.commandId),
      );
  }
}

const commands = JSON.parse(Buffer.from(batch!, 'base64').toString()) as ChildCommand[];
await Promise.all(
  commands.map(async (c) => {
    let outcome = 'ok';
    try {
      await run(c);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      outcome = e.code;
    }
    process.stdout.write(`ack ${c.commandId} ${outcome}\n`);
  }),
);
await pool.end();
// The store keeps timers (group commit, hints); the batch is done.
process.exit(0);
