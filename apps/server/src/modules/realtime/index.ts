// The realtime module's surface for other modules: the change bus through which a module
// delivers a topic whose event differs by reader (ADR 0076).
export { type Announcement, ChangeBus } from './change-bus.ts';
