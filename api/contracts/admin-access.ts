// The admin area's inline states (spec 002 §2 /admin): while the session loads, when it has ended while the
// page is open, and when the admin rights have ended while the page is open (a 403 from an admin read).
// No zod here: the route guards, in the entry chunk, show these texts.

export const adminAccessTexts = {
  checking: 'Checking authentication...',
  requiredTitle: 'Admin Access Required',
  requiredBody: 'Your session has ended. Log in again with an admin account to see the dashboard.',
  logIn: 'Log In',
  deniedTitle: 'Access Denied',
  deniedBody: (email: string) => `${email} does not have admin rights. Ask an administrator if you need them.`,
  backHome: 'Back to Home',
} as const;
