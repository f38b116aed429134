/**
 * The bundle `npm run cup:flash` stores as the Puck's boot code (mia-cup.js), run as
 * Espruino runs it: a plain ES5 script on Espruino's globals (here the fake Puck's, with the
 * blob in Storage and E.nativeCall on the blob's C as WebAssembly). It turns a shake and a lift
 * into events an app hears; and the upload command names the files built.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakePuck } from '../../../firmware-protocol/boards/puck-js/fake/fake-espruino';
import { NativeWasm } from '../../../firmware-protocol/boards/puck-js/fake/native-wasm';
import { CupWorld } from '../../../firmware-protocol/boards/puck-js/fake/world';
import { DEVICE_ID, calibratedStorage, connectApp, heardEvents } from './puck-js-fixture';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const board = `${root}firmware-protocol/boards/puck-js/`;
const out = `${root}firmware-protocol/reference/build/puck-js/`;
let dryRun = '';
let bundle = '';

beforeAll(() => {
  dryRun = execFileSync('node', [`${board}flash.mjs`, '--dry-run', 'Puck.js 3f2a'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  execFileSync('bash', [`${board}native/build.sh`, 'wasm'], { stdio: 'pipe' });
  bundle = readFileSync(`${out}mia-cup.js`, 'utf8');
}, 120_000);

/** Syntax Espruino may not have: what TypeScript's ES5 emit must have lowered. */
function newerSyntax(code: string): string[] {
  const found = new Set<string>();
  const file = ts.createSourceFile(
    'mia-cup.js',
    code,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.JS,
  );
  const visit = (node: ts.Node): void => {
    if (ts.isArrowFunction(node)) found.add('arrow function');
    if (ts.isClassLike(node)) found.add('class');
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node))
      found.add('template');
    if (ts.isForOfStatement(node)) found.add('for of');
    if (ts.isSpreadElement(node) || ts.isSpreadAssignment(node)) found.add('spread');
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.BlockScoped)
      found.add('let/const');
    if (node.kind === ts.SyntaxKind.QuestionDotToken) found.add('optional chaining');
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) found.add('module');
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found];
}

describe('the firmware bundle', () => {
  it("is ES5, one script, needing only Espruino's Storage module", () => {
    expect(newerSyntax(bundle)).toEqual([]);
    expect([...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['Storage']);
    expect(bundle.length).toBeLessThan(40_000);
  });

  it("runs on the Puck's globals: a shake and a lift reach a connected app as events", async () => {
    const storage = calibratedStorage();
    storage.write('mia-core.bin', String.fromCharCode(...readFileSync(`${out}mia-core-puck.bin`)));
    const world = new CupWorld();
    const puck = new FakePuck(DEVICE_ID, { storage, world });
    puck.native = await NativeWasm.load(`${out}mia-puck.wasm`, storage);
    const env = puck.env();
    const globals = {
      ...env,
      Uint8Array,
      require: (name: string) => {
        if (name !== 'Storage') throw new Error(`Module ${name} not found`);
        return env.Storage;
      },
    };
    runInContext(bundle, createContext(globals));
    puck.clock.advance(300);
    expect(puck.nrf.options.uart).toBe(false);
    connectApp(puck);
    world.shake(puck.clock.ms + 100, 1500);
    puck.clock.advance(2500);
    world.lidOn = false;
    puck.clock.advance(800);
    world.lidOn = true;
    puck.clock.advance(800);
    expect(heardEvents(puck).map((e) => e.type)).toEqual([
      'shake_started',
      'shake_ended',
      'lid_opened',
      'lid_closed',
    ]);
    expect(puck.native.calls).toBeGreaterThan(50);
  });

  it('is uploaded with the blob as mia-core.bin and itself as the boot code', () => {
    const line = dryRun.split('\n').find((l) => l.startsWith('[puck] npx '))!;
    expect(line).toContain('espruino@0.1.67 -d Puck.js 3f2a');
    expect(line).toContain(`--storage mia-core.bin:${out}mia-core-puck.bin`);
    expect(line).toContain(`--storage .bootcde:- ${out}mia-cup.js`);
  });
});
