// A page comes rendered from the server and shows at once, but its buttons and forms respond only
// once the app's code has arrived and taken it over (hydration): seconds on a slow phone. What the
// shopper does in that time is kept here and handed to the app when it is ready
// (storefront/src/app/earlyTaps.ts), instead of being lost: the text typed into fields (the app
// would otherwise reset them) and the taps and sent forms, shown as pending. Links work on their own.
(function () {
  var root = document.documentElement;
  var taps = (window.__earlyTaps = []);
  var typed = (window.__earlyInputs = new Map());
  var early = function () {
    return !root.hasAttribute('data-hydrated');
  };
  function keepTap(event) {
    if (!early()) return;
    var target = event.type === 'submit' ? event.target : event.target.closest && event.target.closest('button');
    if (!target) return;
    event.preventDefault();
    // A shopper who taps again because nothing seemed to happen still asked once.
    if (taps.indexOf(target) < 0) taps.push(target);
    target.setAttribute('aria-busy', 'true');
  }
  function keepInput(event) {
    var field = event.target;
    if (!early() || !field || !('value' in field) || field.type === 'file') return;
    typed.set(field, field.type === 'checkbox' || field.type === 'radio' ? field.checked : field.value);
  }
  document.addEventListener('click', keepTap, true);
  document.addEventListener('submit', keepTap, true);
  document.addEventListener('input', keepInput, true);
  document.addEventListener('change', keepInput, true);
})();
