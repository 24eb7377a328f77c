/** Short "Browser · System" label for a session's user agent, as listed under Segurança. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Dispositivo desconhecido';
  const ua = userAgent;

  /** "Name 123" when `pattern` matches (its group, when there is one, is the version); null otherwise. */
  const pick = (pattern: RegExp, name: string): string | null => {
    const match = ua.match(pattern);
    if (!match) return null;
    return match[1] ? `${name} ${match[1]}` : name;
  };
  // Order matters: Edge and Opera also announce Chrome, Chrome also announces Safari.
  const browser =
    pick(/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge') ??
    pick(/(?:OPR|Opera)\/(\d+)/, 'Opera') ??
    pick(/SamsungBrowser\/(\d+)/, 'Samsung Internet') ??
    pick(/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox') ??
    pick(/(?:HeadlessChrome)\/(\d+)/, 'Chrome Headless') ??
    pick(/(?:Chrome|CriOS)\/(\d+)/, 'Chrome') ??
    pick(/Version\/(\d+)[^ ]* .*Safari\//, 'Safari') ??
    pick(/^curl\//i, 'curl') ??
    pick(/^node|undici/i, 'Node.js');

  let system: string | null = null;
  if (/iPhone/.test(ua)) system = 'iPhone';
  else if (/iPad/.test(ua)) system = 'iPad';
  else if (/Android/.test(ua)) system = 'Android';
  else if (/Windows/.test(ua)) system = 'Windows';
  else if (/Mac OS X|Macintosh/.test(ua)) system = 'macOS';
  else if (/CrOS/.test(ua)) system = 'ChromeOS';
  else if (/Linux/.test(ua)) system = 'Linux';

  if (browser && system) return `${browser} · ${system}`;
  const known = browser ?? system;
  if (known) return known;
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}
