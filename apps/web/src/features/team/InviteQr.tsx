import { useEffect, useState } from 'react'
import { useLingui } from '@lingui/react/macro'

/**
 * The invite link as a QR code (SVG from the `qrcode` package, loaded with the page's chunk only when shown).
 */
export function InviteQr({ link }: { link: string }) {
  const { t } = useLingui()
  const [svg, setSvg] = useState<string | undefined>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let cancelled = false
    import('qrcode')
      .then((qrcode) => qrcode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => {
        if (!cancelled) setSvg(text)
      })
      .catch((error: unknown) => {
        console.info('QR code failed', error)
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
    }
  }, [link])
  if (failed) return null
  return (
    <div
      className="acc-qr"
      role="img"
      aria-label={t`QR code of your invite link`}
      data-testid="invite-qr"
      data-ready={String(svg !== undefined)}
      // The SVG is generated locally from the link (no user HTML).
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  )
}
