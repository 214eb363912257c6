import type { ReactNode } from 'react'
import { useAppConfig } from '../config/AppConfigContext'
import { blogPosts, socialLinks } from '../config/links'
import { WalletButton } from '../wallet/WalletKit'
import { AboutBuild } from './AboutBuild'
import { NetworkSettings } from './NetworkSettings'

export function Layout({ children }: { children: ReactNode }) {
  const { links } = useAppConfig()
  return (
    <div className="layout">
      <header className="header">
        <a href="/" className="logo" aria-label="NAI Vesting & Claim Portal home">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>NAI Vesting</span>
        </a>
        <WalletButton />
      </header>
      <nav className="blog" aria-label="News">
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
            <img src={link.icon} alt="Social link" width={30} height={30} />
          </a>
        ))}
        <NetworkSettings />
        <AboutBuild />
      </footer>
    </div>
  )
}
