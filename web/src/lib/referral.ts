import { STORAGE_KEYS } from '../api/session';

/** Captures the referral code from the fp_ref query parameter on load (platform spec §3). */
export function captureReferral(search: string = window.location.search): string | null {
  const code = new URLSearchParams(search).get('fp_ref');
  if (code && /^[\w-]{1,64}$/.test(code)) {
    try {
      window.localStorage.setItem(STORAGE_KEYS.referral, code);
    } catch {
      /* not kept when storage is unavailable */
    }
    return code;
  }
  return null;
}

export function getReferral(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.referral);
  } catch {
    return null;
  }
}
