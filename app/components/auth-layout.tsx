import type { ReactNode } from 'react'
import { ShieldIcon } from '~/components/icons'

/** A page of its own around one form (sign-in, a login link, a confirmation): the org's logo when the page has one. */
export function AuthLayout({ title, logo, children }: { title: string; logo?: { src: string; alt: string }; children: ReactNode }) {
  return (
    <main className="auth">
      <div className="auth__card">
        {logo ? (
          <img className="auth__logo" src={logo.src} alt={logo.alt} height={40} />
        ) : (
          <div className="auth__mark">
            <ShieldIcon size={28} />
          </div>
        )}
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  )
}
