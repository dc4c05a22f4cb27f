/** The local-storage keys of spec section 3. */
export const storageKeys = ['marketingCarouselFlag', 'refferedUser', 'recruiterURL', 'splash'] as const;
export type StorageKey = (typeof storageKeys)[number];

export function readStorage(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage can be off (private modes); the portal works without it
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* see readStorage */
  }
}

/** Log-out (spec section 4): all local storage goes except splash. */
export function clearStorageExceptSplash(): void {
  try {
    const splash = localStorage.getItem('splash');
    localStorage.clear();
    if (splash !== null) localStorage.setItem('splash', splash);
  } catch {
    /* see readStorage */
  }
}
