// Demo users created by e2e/server.sh (keep both in sync).
export const PASSWORD = 'E2e-password-1';

export const USERS = {
  live: { email: 'live@e2e.volland.test', firstName: 'Lena', tier: 'live' },
  basic: { email: 'basic@e2e.volland.test', firstName: 'Bruno', tier: 'basic' },
  admin: { email: 'admin@e2e.volland.test', firstName: 'Ada', tier: 'live' },
  nosub: { email: 'nosub@e2e.volland.test', firstName: 'Nora', tier: null },
} as const;

export type DemoUser = keyof typeof USERS;
