import type { AnyEnvelope } from '@engram/events';
import { isCheckedEvent, isCheckedType } from '@engram/runtime/cores';

/**
 * Which recorded events `--check` compares: every event the cores of `brainCores` derive, and the
 * derivable fields of the store's answers (`EVENT_CLASSES` in `@engram/runtime/cores` classifies
 * every type of the catalog, with the reason each input is read as given). `reads`: the keys of the
 * reads the log holds (`readKeyOf`): the memory core's answers are compared only against a read.
 */
export const isDerivedEvent = (e: AnyEnvelope, reads?: ReadonlySet<string>): boolean => isCheckedEvent(e, reads);

/** Whether events of this type may be compared (the type alone: for keeping events while streaming). */
export const isDerivedType = (type: string): boolean => isCheckedType(type);
