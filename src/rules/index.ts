/** The rules of Mia as pure functions: no DOM, no XState, no Bluetooth. */
export * from './scores';
export * from './ranking';
export * from './rule-set';
export * from './claims';
export * from './settle';
export * from './seats';
export * from './sides';
export * from './odds';
