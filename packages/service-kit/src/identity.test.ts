import { describe, expect, it } from 'vitest';
import { decodeIdentity, encodeIdentity, identitySecretsOf } from './identity.js';

const oldKey = 'the-old-identity-key-of-32-characters!!';
const newKey = 'the-new-identity-key-of-32-characters!!';
const identity = { accountId: '6f1f4a52-6f7e-4c2b-9c1a-0d3f2b9c8e11', role: 'parent' as const };

describe('identity keys', () => {
  it('accepts an identity signed with either key while a rotation is under way, and only then', () => {
    const during = identitySecretsOf({ IDENTITY_SECRET: oldKey, IDENTITY_SECRET_ALT: newKey });
    expect(decodeIdentity(encodeIdentity(identity, oldKey), during)).toEqual(identity);
    expect(decodeIdentity(encodeIdentity(identity, newKey), during)).toEqual(identity);
    const after = identitySecretsOf({ IDENTITY_SECRET: newKey });
    expect(decodeIdentity(encodeIdentity(identity, oldKey), after)).toBeUndefined();
    expect(decodeIdentity(encodeIdentity(identity, 'a-stranger-key-of-32-characters-at-least'), during)).toBeUndefined();
  });
});
