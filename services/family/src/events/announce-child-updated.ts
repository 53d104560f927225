import { createEvent } from '@bracelet/contracts';
import { type PoolClient, writeEvent } from '@bracelet/service-kit';
import { type Account, createAccountRepository } from '../db/accounts.repository.js';
import type { Child } from '../db/children.repository.js';
import { childCardOf, emergencyContactOf, parentContactOf } from './payloads.js';

/** Tells scan (and whoever listens) what a finder now sees of the child. */
export async function announceChildUpdated(tx: PoolClient, parentId: string, child: Child): Promise<void> {
  const parent = (await createAccountRepository(tx).findById(parentId)) as Account;
  await writeEvent(
    tx,
    'family',
    createEvent('child.updated', {
      parent: parentContactOf(parent),
      child: await childCardOf(child, tx),
      emergencyContact: emergencyContactOf(child),
    }),
  );
}
