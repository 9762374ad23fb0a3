// A browser's user agent as a person reads it: the audit log, the open sessions, the devices with alerts.

/** The browser and the system a user agent names (null where it names none this knows). */
export function deviceParts(userAgent: string): { browser: string | null; system: string | null } {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iPhone'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS/.test(userAgent)
          ? 'Mac'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return { browser, system };
}

/** "Chrome sur Android" rather than a 200-character user agent. */
export function deviceName(userAgent: string | undefined | null): string | null {
  if (!userAgent) return null;
  const { browser, system } = deviceParts(userAgent);
  return browser && system ? `${browser} sur ${system}` : (browser ?? system ?? userAgent.slice(0, 300));
}
