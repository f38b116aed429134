/** The check's report as readable text, in the language in use. */
import { msg, str } from '@lit/localize';
import { GROUPS, type CheckReport, type CheckResult } from '../../cup/check';
import { checkText, groupText, skipText, verdictText } from './text';

export function resultLines(r: CheckResult): string[] {
  const lines = [`[${verdictText(r.verdict)}] ${checkText(r.id)} (${r.id})`];
  if (r.skip) lines.push(`  ${skipText(r.skip)}`);
  if (r.verdict === 'fail') {
    for (const s of r.sent) lines.push(`  ${msg('Sent:')} ${s}`);
    for (const s of r.received) lines.push(`  ${msg('Came back:')} ${s}`);
    if (r.expected) lines.push(`  ${msg('Required:')} ${r.expected}`);
    if (r.got) lines.push(`  ${msg('Got:')} ${r.got}`);
  }
  return lines;
}

export function reportText(report: CheckReport): string {
  const { pass, fail, skip } = report.counts;
  const lines = [
    msg('Mia Cup conformance check (PROTOCOL.md 1.1)'),
    report.cup
      ? msg(
          str`Cup ${report.cup.deviceId}, protocol ${report.cup.protocol}, firmware ${report.cup.firmware}`,
        )
      : msg('Cup: Info unreadable'),
    `${report.startedAt} – ${report.finishedAt}`,
    msg(str`${pass} passed, ${fail} failed, ${skip} skipped`),
  ];
  if (report.stopped) lines.push(`${msg('Stopped early:')} ${report.stopped}`);
  for (const group of GROUPS) {
    const results = report.results.filter((r) => r.group === group.id);
    lines.push('', `§ ${group.section} · ${groupText(group.id)}`);
    for (const r of results) lines.push(...resultLines(r));
  }
  return lines.join('\n') + '\n';
}

/** The JSON report: the data, with the words of this language beside the codes. */
export function reportJson(report: CheckReport): unknown {
  return {
    ...report,
    results: report.results.map((r) => ({ ...r, requirement: checkText(r.id) })),
  };
}
