import fs from 'node:fs';

/**
 * The shipped deploy/Caddyfile itself, its proxy untouched, for a run on this machine: only the
 * global options (a local certificate authority, free ports, no admin API) and the site's address
 * differ. Its servers come from APP_SERVER_1 and APP_SERVER_2, as the file reads them.
 */
export function localCaddyfile(httpsPort: number, httpPort: number) {
  const shipped = fs.readFileSync('deploy/Caddyfile', 'utf8');
  const globals = /^\{\n\temail \{\$ACME_EMAIL\}\n\}\n/m;
  if (!globals.test(shipped)) throw new Error('deploy/Caddyfile: its global options are no longer { email {$ACME_EMAIL} }');
  return shipped
    .replace(globals, `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\n`)
    .replaceAll('{$SHOP_DOMAIN}', `localhost:${httpsPort}`);
}
