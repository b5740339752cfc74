// The operator's surface for the other modules: staff roles the operator grants by email from
// the command line (`npm run moderator`, `npm run support`) and their routes.
export { StaffRole, staffRoleRoutes } from './staff-role.ts';
