/** The project's public channels, linked from the layout. */
export const BLOG_POSTS = [
  {
    title: 'Onboarding Community Feedback',
    summary: 'What holders told us about onboarding, and what changes because of it.',
    href: 'https://blog.nai.example/onboarding-community-feedback',
  },
  {
    title: 'Important NAI Vesting & Claim Portal Update',
    summary: 'How claim and burn, the automatic lock and the linear unlock work.',
    href: 'https://blog.nai.example/vesting-claim-portal-update',
  },
] as const

export const SOCIAL_LINKS = [
  { name: 'Telegram', href: 'https://t.me/nai_community', icon: '/icons/telegram.svg' },
  { name: 'X', href: 'https://x.com/nai_community', icon: '/icons/x.svg' },
] as const
