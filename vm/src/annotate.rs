//! `--annotate` and `--annotate-html=FILE`: records the argument types of the first call
//! of every function of the script (a `sys.setprofile` hook, installed only when asked),
//! then types each one for those arguments and shows the result.
//!
//! Assumes the script's own functions are found by the code's file name. Until the
//! dispatcher profiles calls itself, this hook is the profile; it slows the annotated run
//! down and nothing else.

use std::sync::{Arc, Mutex};

use pynum_jit::annotate::{self, Annotated};
use pynum_jit::typeinfer::{Inferencer, StaticModuleEnv, TypingContext};
use pynum_jit::types::Type;
use rustpython_vm::{
    builtins::{PyCode, PyStrRef},
    PyObjectRef, PyRef, PyResult, VirtualMachine,
};

/// First-call signatures, in call order.
#[derive(Default)]
pub struct CallProfile {
    seen: Mutex<Vec<(String, Vec<Type>)>>,
}

/// Installs the profile hook that fills `profile` for code from `filename`.
pub fn install(vm: &VirtualMachine, filename: String, profile: Arc<CallProfile>) -> PyResult<()> {
    let hook = vm.new_function(
        "_pynum_annotate_profile",
        move |frame: PyObjectRef, event: PyStrRef, _arg: PyObjectRef, vm: &VirtualMachine| -> PyResult<()> {
            if event.to_str() != Some("call") {
                return Ok(());
            }
            let code: PyRef<PyCode> = match frame.get_attr("f_code", vm)?.downcast() {
                Ok(code) => code,
                Err(_) => return Ok(()),
            };
            if code.source_path().as_str() != filename || code.qualname.as_str() == "<module>" {
                return Ok(());
            }
            let qualname = code.qualname.as_str().to_owned();
            let mut seen = profile.seen.lock().expect("the profile lock is never poisoned");
            if seen.iter().any(|(name, _)| *name == qualname) {
                return Ok(());
            }
            let locals = frame.get_attr("f_locals", vm)?;
            let argcount = (code.arg_count + code.kwonlyarg_count) as usize;
            let mut types = Vec::with_capacity(argcount);
            for name in code.varnames.iter().take(argcount) {
                let value = locals.get_item(name.as_str(), vm)?;
                types.push(crate::dispatcher::type_of(&value, vm));
            }
            seen.push((qualname, types));
            Ok(())
        },
    );
    let setprofile = vm.sys_module.get_attr("setprofile", vm)?;
    setprofile.call((hook,), vm)?;
    Ok(())
}

/// Types every recorded function and prints the annotations to stderr (and writes the
/// HTML page when asked).
pub fn report(
    module: &rustpython_vm::bytecode::CodeObject<impl rustpython_vm::bytecode::Constant>,
    source: &str,
    profile: &CallProfile,
    html_path: Option<&str>,
    text: bool,
) -> std::io::Result<()> {
    let env = StaticModuleEnv::from_module(module);
    let mut inferencer = Inferencer::new(TypingContext::CPU, &env);
    let seen = profile.seen.lock().expect("the profile lock is never poisoned").clone();
    let mut results = Vec::new();
    for (qualname, args) in &seen {
        let Some(function) = pynum_jit::typeinfer::Environment::function(&env, qualname) else { continue };
        let typed = if args.contains(&Type::PyObject) {
            Err(pynum_jit::typeinfer::TypingError::Unsupported {
                function: qualname.clone(),
                what: "it was called with arguments native code does not take".into(),
                line: function.first_line,
            })
        } else {
            inferencer.infer(qualname, args)
        };
        results.push((function.clone(), args.clone(), typed));
    }
    let annotated: Vec<Annotated<'_>> = results
        .iter()
        .map(|(function, args, typed)| match typed {
            Ok(t) => Annotated::Typed(t),
            Err(error) => Annotated::Interpreted { function, args, error },
        })
        .collect();
    if text {
        let mut out = String::new();
        for a in &annotated {
            out.push_str(&annotate::text(a, source));
        }
        eprint!("{out}");
    }
    if let Some(path) = html_path {
        std::fs::write(path, annotate::html(&annotated, source, module.source_path.as_ref()))?;
    }
    Ok(())
}
