/** The check's report as readable text, in the language in use. */
import { msg, str } from '@lit/localize';
import { GROUPS, type CheckReport, type CheckResult } from '../../cup/check';
import { checkText, groupText, skipText, stoppedLines, verdictText } from './text';

/**
 * A failure in full: what was sent, what came back, what the section requires (in words, and in
 * the protocol's notation) and what the cup did instead.
 */
export function failureLines(r: CheckResult): string[] {
  const section = GROUPS.find((g) => g.id === r.group)?.section ?? '';
  const lines = [
    ...r.sent.map((s) => `${msg('Sent:')} ${s}`),
    ...r.received.map((s) => `${msg('Came back:')} ${s}`),
    `${msg(str`PROTOCOL.md § ${section} requires:`)} ${checkText(r.id)}`,
  ];
  if (r.expected) lines.push(`${msg('Expected:')} ${r.expected}`);
  lines.push(`${msg('Got:')} ${r.got ?? msg('nothing')}`);
  return lines;
}

export function resultLines(r: CheckResult): string[] {
  const lines = [`[${verdictText(r.verdict)}] ${checkText(r.id)} (${r.id})`];
  if (r.skip) lines.push(`  ${skipText(r.skip)}`);
  if (r.verdict === 'fail') lines.push(...failureLines(r).map((line) => `  ${line}`));
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
  lines.push(...stoppedLines(report));
  const failed = report.results.filter((r) => r.verdict === 'fail');
  if (failed.length > 0) {
    lines.push('', msg('What failed'), ...failed.map((r) => `- ${checkText(r.id)} (${r.id})`));
  }
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
