//! An [`Environment`] read off a module's own code, without running it: top-level `def`s
//! are user functions, `import m` binds a module, other names are builtins when Python
//! has them. Tests and static annotation use it; the VM will answer from live globals.

use rustc_hash::FxHashMap as HashMap;

use rustpython_compiler_core::bytecode::{CodeObject, Constant};

use super::{Environment, Global};
use crate::bytecode::walk_code_objects;
use crate::ir::{Expr, Function, InstKind};

pub struct StaticModuleEnv {
    globals: HashMap<String, Global>,
    functions: HashMap<String, Function>,
}

impl StaticModuleEnv {
    pub fn from_module<C: Constant>(module: &CodeObject<C>) -> Self {
        let mut codes = Vec::new();
        walk_code_objects(module, &mut codes);
        let mut functions = HashMap::default();
        for code in codes.iter().skip(1) {
            if let Ok(analysis) = crate::analyze(*code) {
                if let Ok(func) = analysis.ir {
                    functions.insert(func.qualname.clone(), func);
                }
            }
        }
        let mut globals = HashMap::default();
        if let Ok(Ok(body)) = crate::analyze(module).map(|a| a.ir) {
            for block in &body.blocks {
                let defined: HashMap<_, _> = block
                    .insts
                    .iter()
                    .filter_map(|i| match &i.kind {
                        InstKind::Assign { target, value } => Some((target, value)),
                        _ => None,
                    })
                    .collect();
                for inst in &block.insts {
                    let InstKind::StoreName { name, value } = &inst.kind else { continue };
                    let meaning = match defined.get(value) {
                        Some(Expr::MakeFunction { code, .. }) => match defined.get(code) {
                            Some(Expr::Const(crate::ir::Const::Code(qualname))) => Global::Function(qualname.clone()),
                            _ => Global::Unknown,
                        },
                        Some(Expr::Import { name: module, .. }) if !module.contains('.') => {
                            Global::Module(module.clone())
                        }
                        _ => Global::Unknown,
                    };
                    globals.insert(name.clone(), meaning);
                }
            }
        }
        StaticModuleEnv { globals, functions }
    }
}

impl Environment for StaticModuleEnv {
    fn global(&self, name: &str) -> Global {
        match self.globals.get(name) {
            Some(meaning) => meaning.clone(),
            None if is_builtin(name) => Global::Builtin(name.to_owned()),
            None => Global::Unknown,
        }
    }

    fn function(&self, qualname: &str) -> Option<&Function> {
        self.functions.get(qualname)
    }
}

/// Python's builtin names.
pub fn is_builtin(name: &str) -> bool {
    const BUILTINS: &[&str] = &[
        "abs",
        "all",
        "any",
        "ascii",
        "bin",
        "bool",
        "bytearray",
        "bytes",
        "callable",
        "chr",
        "classmethod",
        "compile",
        "complex",
        "delattr",
        "dict",
        "dir",
        "divmod",
        "enumerate",
        "eval",
        "exec",
        "filter",
        "float",
        "format",
        "frozenset",
        "getattr",
        "globals",
        "hasattr",
        "hash",
        "hex",
        "id",
        "input",
        "int",
        "isinstance",
        "issubclass",
        "iter",
        "len",
        "list",
        "locals",
        "map",
        "max",
        "min",
        "next",
        "object",
        "oct",
        "open",
        "ord",
        "pow",
        "print",
        "property",
        "range",
        "repr",
        "reversed",
        "round",
        "set",
        "setattr",
        "slice",
        "sorted",
        "staticmethod",
        "str",
        "sum",
        "super",
        "tuple",
        "type",
        "vars",
        "zip",
    ];
    BUILTINS.contains(&name) || name.ends_with("Error") || name.ends_with("Exception") || name.ends_with("Warning")
}
