// Preloaded into a child process (node --import): at exit it writes its peak resident memory, as
// the kernel counted it (max RSS, in KiB), on the last line of its standard error.
process.on('exit', () => process.stderr.write(`\nPEAK_RSS_KIB=${process.resourceUsage().maxRSS}\n`));
