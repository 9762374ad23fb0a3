// The page's own small script (external: the CSP allows no inline script).
//
// 1. It starts the app after the page's first paint: the app's tags wait in <template id="app-code">
//    (vite.config.ts), so the slow link first carries the page and its main image, and nothing
//    else competes with the first paint. A hidden tab paints no frame: it starts after 0.5 s.
// 2. A page comes rendered from the server and shows at once, but its buttons and forms respond
//    only once the app's code has arrived and taken it over (hydration): seconds on a slow phone.
//    What the shopper does in that time is kept here and handed to the app when it is ready
//    (storefront/src/app/earlyTaps.ts), instead of being lost: the text typed into fields (the
//    app would otherwise reset them) and the taps and sent forms, shown as pending. Links work on
//    their own.
(function () {
  var started = false;
  function startApp() {
    var code = document.getElementById('app-code');
    if (started || !code) return;
    started = true;
    document.head.appendChild(document.importNode(code.content, true));
  }
  function afterFirstPaint() {
    requestAnimationFrame(function () {
      setTimeout(startApp, 0);
    });
    setTimeout(startApp, 500);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstPaint);
  else afterFirstPaint();

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
