/**
 * A drizzle table's DDL as its migration would create it, from drizzle-kit's own generator: the
 * table, then its indexes (a bench loads the rows between the two, faster than into indexed pages).
 * drizzle-kit runs in a child process: its bundle would otherwise stay in the bench's memory (300 MB
 * more RSS, which the export measures) and keep the process from exiting.
 *
 *   tableDdl('./bench-stones.ts', 'stones')   (a module beside this file, and the table's export)
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function tableDdl(modulePath: string, exportName: string) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), modulePath, exportName], { encoding: 'utf8' });
  const statements = JSON.parse(output) as string[];
  const isIndex = (statement: string) => /^CREATE (UNIQUE )?INDEX/i.test(statement.trim());
  return { createTable: statements.filter((statement) => !isIndex(statement)), createIndexes: statements.filter(isIndex) };
}

/** Run as a script: prints the statements of the table named on the command line, as JSON. */
async function printDdl(modulePath: string, exportName: string) {
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const table = ((await import(new URL(modulePath, import.meta.url).href)) as Record<string, unknown>)[exportName];
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ [exportName]: table }));
  process.stdout.write(JSON.stringify(statements));
  process.exit(0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printDdl(process.argv[2]!, process.argv[3]!);
