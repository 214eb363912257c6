import type { PublicLinks } from './publicLinks'

/** The blog teasers and social links of the layout, at the addresses this build was given. */
export function blogPosts(links: PublicLinks) {
  return [
    {
      title: 'Onboarding Community Feedback',
      summary: 'What holders told us about onboarding, and what changes because of it.',
      href: links.blogOnboarding,
    },
    {
      title: 'Important NAI Vesting & Claim Portal Update',
      summary: 'How claim and burn, the automatic lock and the linear unlock work.',
      href: links.blogUpdate,
    },
  ] as const
}

export function socialLinks(links: PublicLinks) {
  return [
    { name: 'Telegram', href: links.telegram, icon: '/icons/telegram.svg' },
    { name: 'X', href: links.x, icon: '/icons/x.svg' },
  ] as const
}
