// Whether this device signed in to the admin: read before any code of the back-office is loaded.

// Set at sign-in on this device (to the person's role once known), cleared at sign-out.
export const HINT = 'admin-signed-in';
export const remember = (signedIn: boolean | string) => {
  try {
    if (signedIn === true) localStorage.setItem(HINT, localStorage.getItem(HINT) ?? '1');
    else if (signedIn) localStorage.setItem(HINT, signedIn);
    else localStorage.removeItem(HINT);
  } catch {
    // Storage refused (private mode): no hint, the code loads after the check.
  }
};
/** This device was signed in and not signed out since. */
export const signedInBefore = () => {
  try {
    return localStorage.getItem(HINT) !== null;
  } catch {
    return false;
  }
};

/** The role this device last signed in with (its screens open offline), or null. */
export const rememberedRole = () => {
  try {
    return localStorage.getItem(HINT);
  } catch {
    return null;
  }
};
