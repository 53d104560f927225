import { describe, expect, it } from 'vitest';
import { consumerNames, createEvent, eventConsumers, eventNames, eventProducers, eventSchemas } from './index.js';

describe('event contracts', () => {
  it('routes every event to at least one consumer and has exactly one producer for it', () => {
    for (const name of eventNames) {
      expect(eventConsumers[name].length, name).toBeGreaterThan(0);
      const producers = Object.entries(eventProducers).filter(([, events]) => (events as readonly string[]).includes(name));
      expect(
        producers.map(([producer]) => producer),
        name,
      ).toHaveLength(1);
    }
    for (const consumers of Object.values(eventConsumers)) for (const consumer of consumers) expect(consumerNames).toContain(consumer);
  });

  it('names events <entity>.<past-tense> and keys each schema by its own name', () => {
    for (const name of eventNames) {
      expect(name).toMatch(/^[a-z]+\.[a-z_]+$/);
      expect(eventSchemas[name].shape.name.value).toBe(name);
    }
  });

  it('creates an event with an id and a timestamp, and refuses a bad payload', () => {
    const event = createEvent('bracelet.reset', { braceletId: 'abcdefghjkmnpqrstvwx', parentId: globalThis.crypto.randomUUID() });
    expect(event.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(event.occurredAt)).not.toBeNaN();
    expect(() => createEvent('bracelet.reset', { braceletId: 'not-an-id', parentId: 'x' })).toThrow();
  });
});
