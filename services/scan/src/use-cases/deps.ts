import type { ServiceDeps } from '@bracelet/service-kit';
import type { Config } from '../config.js';
import type { ScanCardRepository } from '../db/scan-cards.repository.js';
import type { ScanRecorder } from './record-scan.js';
import type { ShareRecorder } from './share-position.js';

/**
 * What scan's routes receive: the service's opened dependencies, the two recorders that hold
 * state across requests (record-scan's group commit; share-position is stateless but built once),
 * and where the finder's lookup reads its card (the card cache, cards/card-cache.ts; or the
 * repository itself).
 */
export type ScanDeps = ServiceDeps<Config> & {
  scans: ScanRecorder;
  shares: ShareRecorder;
  finderCards: Pick<ScanCardRepository, 'findByBraceletId'>;
};
