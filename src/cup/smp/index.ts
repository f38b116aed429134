/**
 * Firmware updates over MCUmgr's SMP (PROTOCOL.md 9): CBOR bodies, SMP packets, the MCUboot
 * image check, an SMP client, the update flow, the pipe over a `CupConnection`, and a model of
 * a cup's SMP server for tests.
 */
export * from './constants';
export * from './image';
export { FirmwareUpdate } from './update';
export type {
  ChosenFile,
  UpdateCup,
  UpdateFailure,
  UpdateOptions,
  UpdatePhase,
  UpdateState,
} from './update-state';
export { connectionCup } from './cup-pipe';
