import ts from 'typescript';

/** Syntax errors TypeScript finds in `code` (a .ts file), as messages. */
export function syntaxErrors(code: string): string[] {
  const out = ts.transpileModule(code, {
    reportDiagnostics: true,
    fileName: 'generated.spec.ts',
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

export interface CodeShape {
  /** Statements at the top of the file. */
  readonly topLevel: number;
  /** The value of every string literal (and no-substitution template). */
  readonly strings: string[];
  /** The name of every called method or function (`page.getByRole(…)` → getByRole). */
  readonly calls: string[];
}

/** What the code is made of, read from its syntax tree. */
export function shapeOf(code: string): CodeShape {
  const file = ts.createSourceFile('generated.spec.ts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const strings: string[] = [];
  const calls: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      calls.push(
        ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : callee.getText(file),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { topLevel: file.statements.length, strings, calls };
}
