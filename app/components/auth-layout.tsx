import type { ReactNode } from 'react'
import { ShieldIcon } from '~/components/icons'

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth">
      <div className="auth__card">
        <div className="auth__mark">
          <ShieldIcon size={28} />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  )
}
