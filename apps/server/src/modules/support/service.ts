// Support requests: the user's requests, the agents' queue and the operator's agent role.

export { registerSupport } from './register-support.ts';
export { supportDataPart } from './support-data.ts';
