/**
 * Whether this browser signed in to « Mon espace » (its session cookie is httpOnly, unseen by
 * scripts): checkout asks the server for the customer's details only then, so a stranger's
 * checkout costs no request more on a slow network.
 */
const KEY = 'espace';
export const markSignedIn = (on: boolean) => {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: checkout simply is not filled in.
  }
};
export const signedInHere = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};
