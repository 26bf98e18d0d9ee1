/**
 * Destinations used across the public pages. Outside addresses (community, video channel, newsletter,
 * social network, partner, support e-mail) are not here: they come from the backend's settings
 * (api/siteConfig.ts) and are hidden when not configured. The user-guide and white-paper PDFs are
 * served from `/docs/` when the operator places them there.
 */
export const links = {
  academy: '/academy',
  chatCommunity: 'site:community',
  videoChannel: 'site:video',
  supportEmail: 'site:supportEmail',
  userGuideEn: '/docs/user-guide-en.pdf',
  userGuideEs: '/docs/user-guide-es.pdf',
  whitePaper: '/docs/white-paper.pdf',
  apiDocumentation: '/api/documentation',
  contact: '/contact-us',
  signUp: '/sign-up',
  workspaces: '/app',
} as const;
