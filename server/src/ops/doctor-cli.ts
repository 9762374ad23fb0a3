import { envFile } from '../env-file';
import { checkedWhat, diagnose, formatFindings } from './doctor';

// npm run doctor: checks the configuration of this environment (the variables, the database, the
// mail server, the directories) and says in French what to fix. Exit code 1 when a finding would
// stop a production server from starting.
const findings = await diagnose(process.env);
console.log(checkedWhat(process.env, envFile));
console.log(formatFindings(findings));
const fatal = findings.filter((f) => f.severity === 'fatal').length;
const warnings = findings.filter((f) => f.severity === 'warning').length;
console.log(
  fatal
    ? `\n${fatal} problème(s) bloquant(s) : en production, la boutique refuse de démarrer tant qu’ils ne sont pas réglés.`
    : `\nAucun problème bloquant${warnings ? ` (${warnings} avertissement(s))` : ''}.`,
);
process.exitCode = fatal ? 1 : 0;
