/** The running game's actor, provided by <mia-app> to every element below it. */
import { createContext } from '@lit/context';
import type { Actor, SnapshotFrom } from 'xstate';
import type { gameMachine } from '../game';

export type GameActor = Actor<typeof gameMachine>;
export type GameSnapshot = SnapshotFrom<typeof gameMachine>;

export const actorContext = createContext<GameActor | undefined>(Symbol('mia-game-actor'));
