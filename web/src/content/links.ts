/**
 * Destinations used across the public pages. External community addresses are placeholders an
 * operator replaces through their own deployment; the user-guide and white-paper PDFs are served from
 * `/docs/` when the operator places them there.
 */
export const links = {
  academy: '/academy',
  chatCommunity: 'https://chat.example.com/volland',
  videoChannel: 'https://video.example.com/volland',
  newsletter: 'https://newsletter.example.com/volland',
  socialNetwork: 'https://social.example.com/volland',
  supportEmail: 'support@volland.example',
  userGuideEn: '/docs/user-guide-en.pdf',
  userGuideEs: '/docs/user-guide-es.pdf',
  whitePaper: '/docs/white-paper.pdf',
  apiDocumentation: '/api/documentation',
  contact: '/contact-us',
  signUp: '/sign-up',
  workspaces: '/app',
} as const;
