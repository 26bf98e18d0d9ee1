/** Terms of Service and Privacy Policy. Each document is a list of sections rendered in order. */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}

export const LEGAL_LAST_UPDATED = 'January 8, 2025';
export const MINIMUM_AGE = 18;
export const LIABILITY_CAP_USD = 100;

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'These Terms of Service govern your access to and use of the Volland website, workspace application, academy and data API (together, the “Service”). By creating an account or using the Service you agree to these terms. If you do not agree, do not use the Service.',
  sections: [
    {
      id: 'eligibility',
      heading: '1. Eligibility',
      paragraphs: [
        `You must be at least ${MINIMUM_AGE} years old and able to enter into a binding contract to use the Service. By registering you confirm that you meet this requirement.`,
      ],
    },
    {
      id: 'accounts',
      heading: '2. Your account',
      paragraphs: [
        'You are responsible for the accuracy of your registration details, for keeping your password and API keys confidential, and for all activity under your account. An account is for one person; sharing access or reselling the data is not permitted.',
        'Tell us at once if you believe your account has been used without your permission.',
      ],
    },
    {
      id: 'subscriptions',
      heading: '3. Subscriptions and tiers',
      paragraphs: [
        'The workspace application is offered in four monthly subscription tiers: Basic, 3, 30 and Live. All tiers provide the same analytics; they differ only in how often the dashboard data is updated. We do not offer free trials.',
        'Subscriptions renew automatically each month until cancelled. You can manage or cancel your subscription at any time through Manage Subscription in the user menu; a cancellation takes effect at the end of the current billing period.',
      ],
    },
    {
      id: 'changes',
      heading: '4. Upgrades and downgrades',
      paragraphs: [
        'Plan changes take effect immediately. Charges are calculated proportionally to the time remaining in the current billing period. When you downgrade, any unused amount may be applied as a credit to your future invoices.',
      ],
    },
    {
      id: 'payments',
      heading: '5. Payments and refunds',
      paragraphs: [
        'Prices are shown in US dollars and are charged in advance. Payments are processed by a third-party payment provider.',
        'All sales are final. Except where required by law, fees already paid, including fees for data API request packs, are not refundable.',
      ],
    },
    {
      id: 'data-api',
      heading: '6. Data API',
      paragraphs: [
        'Access to the data API requires an API key and an active Live subscription. Each item in a request consumes one credit from your purchased request packs. Keys are personal and may be revoked if misused.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: '7. Acceptable use',
      paragraphs: ['When using the Service you agree not to:'],
      list: [
        'copy, redistribute or resell the data or charts except as the Service expressly allows;',
        'scrape the website or bypass rate limits, credits or access controls;',
        'interfere with the security or operation of the Service;',
        'use the Service for any unlawful purpose.',
      ],
    },
    {
      id: 'no-advice',
      heading: '8. Not investment advice',
      paragraphs: [
        'The Service provides market data and analytics for information and education only. Nothing in it is investment, legal or tax advice, or a recommendation to buy or sell any security. Trading options and other instruments carries substantial risk; you are solely responsible for your decisions.',
      ],
    },
    {
      id: 'ip',
      heading: '9. Intellectual property',
      paragraphs: [
        'The Service, its software, content and data compilations belong to Volland and its licensors. We grant you a limited, non-exclusive, non-transferable licence to use the Service for your own purposes while your account is in good standing.',
      ],
    },
    {
      id: 'disclaimer',
      heading: '10. Disclaimer of warranties',
      paragraphs: [
        'The Service is provided “as is” and “as available”. We work hard to keep the data accurate and timely, but we do not warrant that it is complete, error-free or uninterrupted.',
      ],
    },
    {
      id: 'liability',
      heading: '11. Limitation of liability',
      paragraphs: [
        `To the fullest extent permitted by law, Volland is not liable for any indirect, incidental, consequential or trading losses arising from your use of the Service. Our total liability for any claim relating to the Service is limited to $${LIABILITY_CAP_USD}.`,
      ],
    },
    {
      id: 'termination',
      heading: '12. Suspension and termination',
      paragraphs: [
        'We may suspend or close an account that breaches these terms. You may close your account at any time by contacting us.',
      ],
    },
    {
      id: 'law',
      heading: '13. Governing law',
      paragraphs: [
        'These terms are governed by the laws of the Commonwealth of Virginia, United States, without regard to its conflict-of-law rules. Disputes will be heard by the courts located in Virginia.',
      ],
    },
    {
      id: 'updates',
      heading: '14. Changes to these terms',
      paragraphs: [
        'We may update these terms from time to time. The date at the top of this page shows the latest revision; continuing to use the Service after a change means you accept the updated terms.',
      ],
    },
    {
      id: 'contact',
      heading: '15. Contact',
      paragraphs: ['Questions about these terms can be sent through our contact form.'],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'This Privacy Policy explains what information Volland collects when you use our website, workspace application, academy and data API, how we use it, and the choices you have.',
  sections: [
    {
      id: 'collected',
      heading: '1. Information we collect',
      paragraphs: ['We collect only what we need to run the Service:'],
      list: [
        'Account details you provide, such as your first name and e-mail address.',
        'Subscription and billing history, such as your plan, invoices and API request credits.',
        'Usage information, such as the workspaces and widgets you configure and the pages you visit.',
        'Technical information, such as your browser type, device and IP address, recorded in server logs.',
        'Messages you send us through the contact form.',
      ],
    },
    {
      id: 'use',
      heading: '2. How we use it',
      paragraphs: [
        'We use this information to provide and secure the Service, process subscriptions, answer your requests, improve our product, and send you service messages and, if you have not opted out, our newsletter.',
      ],
    },
    {
      id: 'cookies',
      heading: '3. Cookies and local storage',
      paragraphs: [
        'We use cookies and your browser’s local storage to keep you signed in, remember preferences such as the colour theme, record referral codes and understand how the site is used. You can clear or block cookies in your browser settings, but parts of the Service may stop working.',
      ],
    },
    {
      id: 'payments',
      heading: '4. Payment information',
      paragraphs: [
        'Card payments are handled by a third-party payment processor. Your card details are sent directly to that processor and are held by it, not by Volland. We receive only what we need to manage your subscription, such as the plan, the payment status and invoice records.',
      ],
    },
    {
      id: 'sharing',
      heading: '5. Sharing',
      paragraphs: [
        'We do not sell your personal information. We share it only with service providers that help us run the Service (hosting, payments, e-mail delivery and analytics) under obligations to protect it, and when the law requires us to.',
      ],
    },
    {
      id: 'retention',
      heading: '6. Retention and security',
      paragraphs: [
        'We keep personal information for as long as your account is active and as needed to meet legal and accounting obligations. Passwords are stored only as strong one-way hashes and all traffic is encrypted in transit.',
      ],
    },
    {
      id: 'choices',
      heading: '7. Your choices',
      paragraphs: [
        'You can review and update your profile in user settings. You can unsubscribe from our e-mails at any time by using the unsubscribe link in any message or by e-mailing us with the request. You may also ask us to access or delete your personal information.',
      ],
    },
    {
      id: 'children',
      heading: '8. Age',
      paragraphs: [`The Service is intended for people aged ${MINIMUM_AGE} or over and we do not knowingly collect information from anyone younger.`],
    },
    {
      id: 'changes',
      heading: '9. Changes to this policy',
      paragraphs: ['When we change this policy we update the date at the top of this page.'],
    },
    {
      id: 'contact',
      heading: '10. Contact',
      paragraphs: ['Questions about privacy can be sent through our contact form.'],
    },
  ],
};
