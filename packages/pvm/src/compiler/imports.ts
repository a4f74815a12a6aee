import type * as A from "../ast.js";
import { getAttr } from "../runtime/call.js";
import { E, PyThrow, pyErr } from "../runtime/exceptions.js";
import type { Compiler, ScopeCtx } from "./compiler.js";
import { NORMAL, type SF } from "./frame.js";

export function compileImport(c: Compiler, s: ScopeCtx, st: A.Import): SF {
  const parts = st.names.map((a) => {
    const top = a.name.split(".")[0] as string;
    return { name: a.name, top, store: c.storeName(s, a.asname ?? top, a), asname: a.asname };
  });
  return (f) => {
    for (const p of parts) {
      const mod = c.loader.import(p.name);
      // `import a.b` binds `a`; `import a.b as x` binds the submodule.
      p.store(f, p.asname !== null || p.top === p.name ? mod : c.loader.import(p.top));
    }
    return NORMAL;
  };
}

export function compileImportFrom(c: Compiler, s: ScopeCtx, st: A.ImportFrom): SF {
  if (st.level > 0) throw c.syntaxError("relative imports are not supported in the PVM", st);
  const modName = st.module as string;
  const names = st.names.map((a) => ({ name: a.name, store: c.storeName(s, a.asname ?? a.name, a) }));
  const rt = c.rt;
  return (f) => {
    const mod = c.loader.import(modName);
    for (const n of names) {
      let v: ReturnType<typeof getAttr>;
      try {
        v = getAttr(rt, mod, n.name);
      } catch (e) {
        if (!(e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.AttributeError))) throw e;
        // As CPython's `from package import submodule`: a name the module lacks may be a registered submodule.
        const sub = `${modName}.${n.name}`;
        if (c.loader.registry.get(sub) === undefined) throw pyErr("ImportError", `cannot import name '${n.name}' from '${modName}'`);
        v = c.loader.import(sub);
      }
      n.store(f, v);
    }
    return NORMAL;
  };
}
