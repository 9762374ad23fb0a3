// Whether this device signed in to the admin: read before any code of the back-office is loaded.

// Set at sign-in on this device, cleared at sign-out.
export const HINT = 'admin-signed-in';
export const remember = (signedIn: boolean) => {
  try {
    if (signedIn) localStorage.setItem(HINT, '1');
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
