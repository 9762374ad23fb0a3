// A page comes rendered from the server and shows at once, but its buttons and forms respond only
// once the app's code has arrived and taken it over (hydration): seconds on a slow phone. A tap or
// a sent form in that time is kept here, shown as pending, and replayed by the app when it is
// ready (storefront/src/app/earlyTaps.ts), instead of being lost. Links work on their own.
(function () {
  var root = document.documentElement;
  var kept = (window.__earlyTaps = []);
  function keep(event) {
    if (root.hasAttribute('data-hydrated')) return;
    var target = event.type === 'submit' ? event.target : event.target.closest && event.target.closest('button');
    if (!target) return;
    event.preventDefault();
    // A shopper who taps again because nothing seemed to happen still asked once.
    if (kept.indexOf(target) < 0) kept.push(target);
    target.setAttribute('aria-busy', 'true');
  }
  document.addEventListener('click', keep, true);
  document.addEventListener('submit', keep, true);
})();
