import type { EventHandler } from '@bracelet/service-kit';

/**
 * Whether a bracelet is linked to a child, from family's events: the batches' 'configured' count,
 * and the refund rule (a bracelet ever configured never goes back to stock). An event older than
 * the last one applied (a retried job arriving late) changes nothing; first_configured_at stays.
 * A bracelet fulfilment never minted (none should exist) is ignored.
 */
export const recordAssociation: EventHandler<'bracelet.associated'> = async (event, { tx }) => {
  await tx.query(
    `UPDATE bracelets SET configured = true, first_configured_at = COALESCE(first_configured_at, $2), configuration_changed_at = $2
     WHERE id = $1 AND (configuration_changed_at IS NULL OR configuration_changed_at <= $2)`,
    [event.braceletId, event.occurredAt],
  );
  // Even when a newer reset already came, the bracelet was configured once: it is never restocked.
  await tx.query('UPDATE bracelets SET first_configured_at = $2 WHERE id = $1 AND first_configured_at IS NULL', [
    event.braceletId,
    event.occurredAt,
  ]);
};

export const recordReset: EventHandler<'bracelet.reset'> = async (event, { tx }) => {
  await tx.query(
    `UPDATE bracelets SET configured = false, configuration_changed_at = $2
     WHERE id = $1 AND (configuration_changed_at IS NULL OR configuration_changed_at < $2)`,
    [event.braceletId, event.occurredAt],
  );
};
