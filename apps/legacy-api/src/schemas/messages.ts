/** Languages of the `lang` header. Anything else falls back to English. */
export type Lang = 'en' | 'zh-cn'

/** Every message the API sends, in both languages of the first product version. */
export const messages = {
  ok: { en: 'OK', 'zh-cn': '成功' },
  invalidField: { en: 'Invalid {field}', 'zh-cn': '{field} 格式错误' },
  missingField: { en: '{field} is required', 'zh-cn': '缺少 {field}' },
  notLoggedIn: { en: 'Please log in again', 'zh-cn': '请重新登录' },
  tooManyRequests: { en: 'Too many requests; try again later', 'zh-cn': '请求过于频繁，请稍后再试' },
  bodyTooLarge: { en: 'Request too large', 'zh-cn': '请求内容过大' },
  badRequest: { en: 'Malformed request', 'zh-cn': '请求格式错误' },
  notFound: { en: 'Unknown API', 'zh-cn': '接口不存在' },
  serverError: { en: 'Server busy; please try again later', 'zh-cn': '服务器繁忙，请稍后再试' },
} as const satisfies Record<string, Record<Lang, string>>

export type MessageKey = keyof typeof messages

/** Reads the `lang` header (`en` or `zh-cn`, case-insensitive); default English. */
export function langOf(header: string | string[] | undefined): Lang {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase()
  return value === 'zh-cn' ? 'zh-cn' : 'en'
}

/** A message in `lang`, with `{name}` placeholders filled from `params`. */
export function translate(key: MessageKey, lang: Lang, params: Record<string, string> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (match, name: string) => params[name] ?? match)
}
