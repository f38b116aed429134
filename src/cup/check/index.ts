/**
 * The cup maker's conformance check (PROTOCOL.md 1.1): `runCheck` over a `CheckPort`
 * (`LinkPort` for a real or simulated cup), a report grouped by section.
 */
export { runCheck, type CheckOptions, type Person } from './suite';
export { LinkPort, type CheckPort } from './port';
export * from './report';
