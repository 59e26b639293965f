// Events for the event store's own tests: a fresh id and the metadata every stored event carries.
import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from './port.ts';

export const testMetadata = (): EventMetadata => ({
  actorId: null,
  actorRole: null,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  clientCode: 'MOH',
});

export const testEvent = (type: string, data: unknown = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: testMetadata(),
});
