// Which browser modules go into the "shell" chunk: the code the root route runs, which every page
// runs too. Rollup does not know that the root comes with every route, so it cut that code into
// ~20 chunks shared with the routes, each a request of its own (docs/performance.md#scripts).
//
// The walk follows what is imported, name by name, the way the bundler's tree-shaking does: an
// import of `publicSite` from the settings feature's index reaches site.ts, not the settings tab
// the index also re-exports; an icon from lucide-react's index reaches that icon, not the other
// 1,500. A module whose own code runs brings everything it imports; a dynamic import is not
// followed (it is loaded when asked for).
import type { Rollup } from "vite";

type Names = Set<string> | "all";
type Program = { body: Statement[] };
type Statement = {
  type: string;
  declaration?: unknown;
  /** Set on a directive such as "use strict". */
  directive?: string;
  source?: { value: unknown } | null;
  exported?: { name?: string; value?: unknown } | null;
  specifiers?: {
    type: string;
    imported?: { name?: string; value?: unknown };
    local?: { name?: string; value?: unknown };
    exported?: { name?: string; value?: unknown };
  }[];
};

/** What an index was asked for when it was asked for everything (no export has this name). */
const ALL = "\0all";

const nameOf = (node: { name?: string; value?: unknown } | null | undefined): string =>
  node?.name ?? String(node?.value ?? "");

/**
 * The modules statically reachable from the entries through the bindings they import; modules
 * with a chunk of their own (`elsewhere`) are not entered.
 */
export function modulesRunBy(
  entries: readonly string[],
  getModuleInfo: (id: string) => Pick<Rollup.ModuleInfo, "ast" | "importedIds" | "exports"> | null,
  elsewhere: (id: string) => boolean = () => false,
): Set<string> {
  const running = new Set<string>();
  const asked = new Map<string, Set<string>>();

  const visit = (id: string, names: Names) => {
    if (running.has(id) || elsewhere(id)) return;
    const info = getModuleInfo(id);
    const program = info?.ast as Program | null | undefined;
    const sources = program && sourceIds(program, info?.importedIds ?? []);
    if (!info || !program || !sources) {
      // Nothing to read names from: the module and all it imports.
      running.add(id);
      for (const imported of info?.importedIds ?? []) visit(imported, "all");
      return;
    }
    if (!isReexportsOnly(program)) {
      running.add(id);
      for (const statement of program.body) {
        const from = statement.source ? sources.get(String(statement.source.value)) : undefined;
        if (from) visit(from, importedNames(statement));
      }
      return;
    }
    // An index of re-exports: only the names asked for, each once (indexes may re-export each
    // other in a circle).
    const before = asked.get(id) ?? new Set<string>();
    asked.set(id, before);
    if (before.has(ALL)) return;
    const wanted =
      names === "all" ? "all" : new Set([...names].filter((name) => !before.has(name)));
    if (wanted !== "all" && wanted.size === 0) return;
    for (const name of wanted === "all" ? [ALL] : wanted) before.add(name);
    const imported = importedBindings(program, sources);
    for (const statement of program.body) {
      if (statement.type === "ExportNamedDeclaration" && !statement.source) {
        // `export { index as icons }` of a binding the index imported.
        for (const specifier of statement.specifiers ?? []) {
          const binding = imported.get(nameOf(specifier.local));
          if (binding && (wanted === "all" || wanted.has(nameOf(specifier.exported)))) {
            visit(binding.from, binding.names);
          }
        }
        continue;
      }
      const from = sources.get(String(statement.source?.value));
      if (!from || statement.type === "ImportDeclaration") continue;
      if (statement.type === "ExportAllDeclaration") {
        if (statement.exported) {
          if (wanted === "all" || wanted.has(nameOf(statement.exported))) visit(from, "all");
        } else if (wanted === "all" || exportsAny(getModuleInfo(from), wanted)) {
          visit(from, wanted);
        }
        continue;
      }
      const picked = new Set<string>();
      for (const specifier of statement.specifiers ?? []) {
        if (wanted === "all" || wanted.has(nameOf(specifier.exported))) {
          picked.add(nameOf(specifier.local));
        }
      }
      if (picked.size > 0) visit(from, picked);
    }
  };

  for (const entry of entries) visit(entry, "all");
  for (const entry of entries) running.delete(entry);
  return running;
}

/**
 * The modules of `wanted` that can share a chunk without bringing anything else: the bundler puts
 * a chunk's static imports into it unless they are given a chunk of their own, so a module that
 * imports an index whose other exports the page does not run (or anything else outside `wanted`
 * and `elsewhere`) stays out, and so does what imports it.
 */
export function selfContained(
  wanted: Set<string>,
  getModuleInfo: (id: string) => Pick<Rollup.ModuleInfo, "importedIds"> | null,
  elsewhere: (id: string) => boolean,
): Set<string> {
  const kept = new Set(wanted);
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of kept) {
      const imports = getModuleInfo(id)?.importedIds ?? [];
      if (imports.some((imported) => !kept.has(imported) && !elsewhere(imported))) {
        kept.delete(id);
        changed = true;
      }
    }
  }
  return kept;
}

/** The modules that at least `atLeast` of the pages run (each page: the modules it runs). */
export function sharedBy(pages: readonly Set<string>[], atLeast: number): Set<string> {
  const count = new Map<string, number>();
  for (const page of pages) for (const id of page) count.set(id, (count.get(id) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n >= atLeast).map(([id]) => id));
}

/** The module each import or re-export source names, by the bundler's order of `importedIds`. */
function sourceIds(program: Program, importedIds: readonly string[]): Map<string, string> | null {
  const sources: string[] = [];
  for (const statement of program.body) {
    if (!statement.source || !/^(Import|ExportNamed|ExportAll)Declaration$/.test(statement.type)) {
      continue;
    }
    const source = String(statement.source.value);
    if (!sources.includes(source)) sources.push(source);
  }
  if (sources.length !== importedIds.length) return null;
  return new Map(sources.map((source, index) => [source, importedIds[index] as string]));
}

/**
 * True for an index: nothing but `export … from` statements, imports whose bindings it only
 * exports again (lucide-react 1.x's `import * as index from …; export { index as icons }`) and
 * directives ("use strict", which lucide-react's index also starts with).
 */
function isReexportsOnly(program: Program): boolean {
  const imported = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== "ImportDeclaration") continue;
    // An import for its side effect runs the module it names.
    if (!statement.specifiers?.length) return false;
    for (const specifier of statement.specifiers) imported.add(nameOf(specifier.local));
  }
  return (
    program.body.some((statement) => statement.type.startsWith("Export")) &&
    program.body.every(
      (statement) =>
        statement.directive !== undefined ||
        statement.type === "ImportDeclaration" ||
        statement.type === "ExportAllDeclaration" ||
        (statement.type === "ExportNamedDeclaration" &&
          !statement.declaration &&
          (Boolean(statement.source) ||
            (statement.specifiers ?? []).every((s) => imported.has(nameOf(s.local))))),
    )
  );
}

/** The bindings an index imports: which module, and which of its names (or all, for `* as`). */
function importedBindings(
  program: Program,
  sources: Map<string, string>,
): Map<string, { from: string; names: Names }> {
  const bindings = new Map<string, { from: string; names: Names }>();
  for (const statement of program.body) {
    const from = statement.source && sources.get(String(statement.source.value));
    if (statement.type !== "ImportDeclaration" || !from) continue;
    for (const specifier of statement.specifiers ?? []) {
      const names: Names =
        specifier.type === "ImportNamespaceSpecifier"
          ? "all"
          : new Set([
              specifier.type === "ImportDefaultSpecifier" ? "default" : nameOf(specifier.imported),
            ]);
      bindings.set(nameOf(specifier.local), { from, names });
    }
  }
  return bindings;
}

/** What a statement of a running module takes from its source. */
function importedNames(statement: Statement): Names {
  const specifiers = statement.specifiers ?? [];
  if (statement.type === "ExportAllDeclaration" || specifiers.length === 0) return "all";
  const names = new Set<string>();
  for (const specifier of specifiers) {
    if (specifier.type === "ImportNamespaceSpecifier") return "all";
    if (specifier.type === "ImportDefaultSpecifier") names.add("default");
    else if (specifier.type === "ImportSpecifier") names.add(nameOf(specifier.imported));
    else names.add(nameOf(specifier.local));
  }
  return names;
}

function exportsAny(info: Pick<Rollup.ModuleInfo, "exports"> | null, names: Set<string>): boolean {
  const exported = info?.exports;
  if (!exported || exported.includes("*")) return true;
  return exported.some((name) => names.has(name));
}
