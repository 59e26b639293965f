// The Emmett peer or the floor in a process of its own (forked by bench/peer.ts): `node server.ts peer|floor <url>`.
// Messages: 'setup' (peer: events and volunteers, answers the join pairs), 'probe' (event-loop utilisation so far),
// 'profile-start' / 'profile-stop' (a CPU profile of the window), 'close'.
import { performance } from 'node:perf_hooks';
import { eventDetails, JOIN_EVENTS, pairUp, volunteerId } from '../join-setup.ts';
import { createFloor, createPeer, type Peer } from './app.ts';
import { type ProfileSummary, startProfile } from './profile.ts';

export type ToServer =
  | { type: 'setup'; volunteers: number }
  | { type: 'probe' }
  | { type: 'profile-start' }
  | { type: 'profile-stop' }
  | { type: 'close' };

export type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'setup'; pairs: ReturnType<typeof pairUp> }
  | { type: 'probe'; elu: ReturnType<typeof performance.eventLoopUtilization> }
  | { type: 'profile'; summary: ProfileSummary }
  | { type: 'closed' };

const [mode, url] = process.argv.slice(2) as ['peer' | 'floor', string];
const send = (m: FromServer) => process.send!(m);
const peer: Peer | null = mode === 'peer' ? await createPeer(url) : null;
const server = peer ?? (await createFloor(url));
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
let stopProfile: (() => Promise<ProfileSummary>) | null = null;

process.on('message', async (m: ToServer) => {
  switch (m.type) {
    case 'setup': {
      // The same data as our setup (bench/join-setup.ts): approved volunteers, a session each, 200 approved events.
      const p = peer!;
      const events: string[] = [];
      for (let i = 0; i < JOIN_EVENTS; i++) events.push(await p.createEvent(eventDetails(i, 5)));
      const sessions = await p.addVolunteers(
        Array.from({ length: m.volunteers }, (_, i) => ({
          _id: volunteerId(i + 1),
          registrationStatus: 5,
          nicValid: true,
          infoComplete: true,
          regionId: 1,
          cityId: 3,
          gender: 1 as const,
        })),
      );
      // Last seen a minute ago, as on our side (bench/peer.ts): each join's session check moves it.
      await p.pool.query("update sessions set last_seen_at = now() - interval '1 minute'");
      await p.pool.query('vacuum analyze');
      send({ type: 'setup', pairs: pairUp(sessions, events) });
      break;
    }
    case 'probe':
      send({ type: 'probe', elu: performance.eventLoopUtilization() });
      break;
    case 'profile-start':
      stopProfile = await startProfile();
      break;
    case 'profile-stop':
      send({ type: 'profile', summary: await stopProfile!() });
      stopProfile = null;
      break;
    case 'close':
      await server.close();
      send({ type: 'closed' });
      process.exit(0);
  }
});
send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
