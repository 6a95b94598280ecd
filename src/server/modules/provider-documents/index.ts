/** The provider documents protocol's public face: claim, send once, record, settle (protocol.ts). */
export {
  AMBIGUOUS_AGAIN_SECONDS,
  claimDocument,
  documentCheckJob,
  IN_FLIGHT_STATES,
  isInFlight,
  PENDING_STALE_SECONDS,
  secondsUntilCheck,
  sendOnce,
  settleBeforeCreate,
  UNKNOWN_NOTICE_SECONDS,
  UNREACHABLE_AGAIN_SECONDS,
  type DocumentRowLike,
  type DocumentStore,
  type InFlightState,
  type SettleOutcome,
} from './protocol.js';
