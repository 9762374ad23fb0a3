// Preloaded into a child process (node --import): at exit it writes its peak resident memory, as
// the kernel counted it for this program (VmHWM, in KiB), on the last line of its standard error.
// Not getrusage's max RSS: Linux carries that over from before exec, so a child spawned by a large
// process (a test worker of 600 MiB) would report its parent's size.
import fs from 'node:fs';

const peakKiB = () => {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
  return hwm ? Number(hwm) : process.resourceUsage().maxRSS;
};
process.on('exit', () => process.stderr.write(`\nPEAK_RSS_KIB=${peakKiB()}\n`));
