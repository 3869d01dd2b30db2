/**
 * The queue of customer updates sent at their event (issue 40, decision 047), as a module of
 * its own: the modules where an event happens (work orders, billing, the schedule) queue the
 * update in their own transaction, and customer-updates, which reads those modules to fill
 * and send it, drains the queue. Kept apart so neither side imports the other round a cycle.
 */
export {
  enqueueCustomerUpdate,
  enqueueQuoteMessage,
  isQueued,
  isSentAutomatically,
  judgeQueuedQuotesWith,
  judgeQueuedUpdatesWith,
  type OutboxEvent,
  type QuoteOutboxEvent,
  queueUpdatesInThisProcess,
} from './outbox';
