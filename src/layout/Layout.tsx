import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useAppConfig } from '../config/AppConfigContext'
import { blogPosts, socialLinks } from '../config/links'
import { WalletButton } from '../wallet/WalletKit'
import { AboutBuild } from './AboutBuild'
import { LanguageMenu } from './LanguageMenu'
import { NetworkSettings } from './NetworkSettings'

export function Layout({ children }: { children: ReactNode }) {
  const { links } = useAppConfig()
  const { t } = useLingui()
  return (
    <div className="layout">
      <header className="header">
        <a href="/" className="logo" aria-label={t`NAI Vesting & Claim Portal home`}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>
            <Trans comment="The product's name beside the logo in the header">NAI Vesting</Trans>
          </span>
        </a>
        <WalletButton />
      </header>
      <nav
        className="blog"
        aria-label={t({ message: 'News', comment: 'Names the row of blog articles under the header' })}
      >
        {blogPosts(links).map((post) => (
          <a key={post.href} className="blog-card" href={post.href} target="_blank" rel="noopener noreferrer">
            <strong>{post.title}</strong>
            <span>{post.summary}</span>
          </a>
        ))}
      </nav>
      <main className="main">{children}</main>
      <footer className="footer">
        {socialLinks(links).map((link) => (
          <a key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" title={link.name}>
            <img src={link.icon} alt={t`Social link`} width={30} height={30} />
          </a>
        ))}
        <LanguageMenu />
        <NetworkSettings />
        <AboutBuild />
      </footer>
    </div>
  )
}
