// What the member queries return: the User shape of api/contracts/members.ts.
import type { User } from '../../api/contracts/members.js';

export type MemberView = User;
