//! The lift plan (decided on the IR) against what loop-lifting spliced on the AST, on
//! every program of `tests/py`: each loop lifted is liftable in the plan and its hidden
//! function takes and hands back exactly the plan's names, and the loops of a liftable
//! shape that the plan declines are exactly the known ones.
//!
//! Assumes the corpus at `../tests/py` and compiles it as written (the VM folds
//! constants first, which changes no name a loop reads or assigns). Candidates are
//! chosen as automatic mode chooses them, without the dispatcher's check for plain
//! positional parameters (a top-level function the VM would not put under a dispatcher
//! is only ever called, never compiled whole, so this adds callable names at most).

use std::collections::BTreeMap;
use std::path::Path;

use pynum_jit::bytecode::walk_code_objects;
use pynum_jit::lift_plan::{self, LiftPlan};
use rustpython_compiler::ast::{self, Expr, Stmt};

/// What the AST pass decided for one loop: the hidden function's parameters and the
/// names it hands back (without pynum's own).
#[derive(Debug)]
struct AstDecision {
    line: u32,
    inputs: Vec<String>,
    outputs: Vec<String>,
}

fn ast_decision(hidden: &pynum_jit::looplift::HiddenFunction) -> Option<AstDecision> {
    let Stmt::FunctionDef(def) = &hidden.def else { return None };
    let inputs = def
        .parameters
        .args
        .iter()
        .map(|p| p.parameter.name.to_string())
        .filter(|n| !n.starts_with("__pynum"))
        .collect();
    let Some(Stmt::Return(ast::StmtReturn { value: Some(value), .. })) = def.body.last() else { return None };
    let Expr::Tuple(tuple) = value.as_ref() else { return None };
    let outputs = tuple
        .elts
        .iter()
        .filter_map(|e| match e {
            Expr::Name(n) if !n.id.as_str().starts_with("__pynum") => Some(n.id.to_string()),
            _ => None,
        })
        .collect();
    Some(AstDecision { line: hidden.line as u32, inputs, outputs })
}

/// `__pynum_loop_<prefix>_<line>_<k>` → `<prefix>`.
fn prefix_of(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("__pynum_loop_")?;
    let (rest, _k) = rest.rsplit_once('_')?;
    let (prefix, _line) = rest.rsplit_once('_')?;
    Some(prefix)
}

/// The hidden-function prefix loop-lifting gives a code object's loops.
fn prefix_for(qualname: &str) -> String {
    if qualname == "<module>" {
        "module".to_owned()
    } else {
        qualname.replace('.', "_")
    }
}

#[test]
fn the_plan_agrees_with_loop_lifting_on_the_corpus() {
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
    let corpus = Path::new(&manifest_dir).join("../tests/py");
    let mut files: Vec<_> = std::fs::read_dir(&corpus)
        .expect("tests/py exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    let mut compared = 0;
    let mut disagreements: Vec<String> = Vec::new();
    let mut plan_only: Vec<String> = Vec::new();
    let mut declined: Vec<String> = Vec::new();
    for path in files {
        let Ok(source) = std::fs::read_to_string(&path) else { continue };
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let Ok(module) =
            rustpython_compiler::compile(&source, rustpython_compiler::Mode::Exec, &file, Default::default())
        else {
            continue;
        };
        let Ok(parsed) = rustpython_compiler::parser::parse_module(&source) else { continue };
        let mut codes = Vec::new();
        walk_code_objects(&module, &mut codes);
        let mut plans: BTreeMap<String, LiftPlan> = BTreeMap::new();
        let mut candidates = Vec::new();
        for (n, code) in codes.iter().enumerate() {
            let Ok(analysis) = pynum_jit::analyze(*code) else { continue };
            let qualname = code.qualname.to_string();
            if n > 0 && !qualname.contains(['.', '<']) {
                if let Ok(func) = &analysis.ir {
                    if pynum_jit::auto::is_candidate(func) {
                        candidates.push(code.obj_name.to_string());
                    }
                }
            }
            plans.insert(prefix_for(&qualname), lift_plan::plan(&analysis));
        }
        let mut ast = parsed.into_syntax();
        let analyses = lift_plan::analyze_source(&source);
        let lifting = pynum_jit::looplift::transform(&mut ast, &source, &analyses, &candidates, &[], false);
        declined.extend(lifting.declined.iter().map(|d| format!("{file}: {d}")));
        let callable = |name: &str| candidates.iter().any(|c| c == name);
        let mut lifted_lines: BTreeMap<String, Vec<u32>> = BTreeMap::new();
        for hidden in &lifting.lifted {
            let Some(decision) = ast_decision(hidden) else { continue };
            let prefix = prefix_of(&hidden.name).unwrap_or_default().to_owned();
            lifted_lines.entry(prefix.clone()).or_default().push(decision.line);
            compared += 1;
            let place = format!("{file}: {} (line {})", hidden.name, decision.line);
            let Some(plan) = plans.get(&prefix) else {
                disagreements.push(format!("{place}: no plan for {prefix}"));
                continue;
            };
            let Some(planned) = plan.loop_at(decision.line) else {
                disagreements.push(format!("{place}: the plan has no loop there"));
                continue;
            };
            if let Err(reason) = planned.liftable_with(callable) {
                disagreements.push(format!("{place}: lifted, but the plan says {reason}"));
            }
            if planned.live_in != decision.inputs {
                disagreements.push(format!(
                    "{place}: inputs {:?} on the AST, {:?} in the plan",
                    decision.inputs, planned.live_in
                ));
            }
            if planned.assigned != decision.outputs {
                disagreements.push(format!(
                    "{place}: outputs {:?} on the AST, {:?} assigned in the plan",
                    decision.outputs, planned.assigned
                ));
            }
        }
        for (prefix, plan) in &plans {
            for planned in &plan.loops {
                let lifted = lifted_lines.get(prefix).is_some_and(|lines| lines.contains(&planned.line));
                if !lifted && planned.liftable_with(callable).is_ok() {
                    plan_only.push(format!("{file}: {} line {}", plan.qualname, planned.line));
                }
            }
        }
    }
    eprintln!("compared {compared} lifted loops");
    eprintln!("liftable in the plan, not lifted by the AST pass ({}):\n  {}", plan_only.len(), plan_only.join("\n  "));
    assert!(compared > 50, "too few lifted loops compared: {compared}");
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
    // Loops of the shape loop-lifting splices that the plan declines:
    // - at module level, a loop storing a global that a function of the module reads
    //   (the function would see the value from before the loop);
    // - a variable a nested function shares (a cell, `nonlocal`), which a hidden
    //   function could neither read nor hand back;
    // - an `else` clause storing a name the loop does not hand back (the IR sees the
    //   clause as code after the loop);
    // - a name that a `del` may leave unbound where the loop reads it;
    // - a loop whose body always leaves (its inner loop's `else` breaks it): no back
    //   edge, no loop to lift (Numba's rule).
    let expected = [
        "165_inspect_getmembers_module.py: module line 38: line 38: stores the global acc, which a function reads",
        "172_globals_after_lifted_loops.py: module line 32: line 32: stores the global total, which a function reads",
        "174_vars_module_and_builtins.py: module line 26: line 26: stores the global x, which a function reads",
        "181_closure_in_lifted_function.py: build line 8: line 9: t is shared with a nested scope",
        "181_closure_in_lifted_function.py: counter line 20: line 21: count is shared with a nested scope",
        "201_loop_else_inside_lifted_loops.py: while_else_stores_a_parameter line 16: its else clause stores p0, which the loop does not hand back",
        "201_loop_else_inside_lifted_loops.py: for_else_stores_an_accumulator line 34: its else clause stores v0, which the loop does not hand back",
        "201_loop_else_inside_lifted_loops.py: else_reads_a_name_the_body_does_not line 48: its else clause stores s, which the loop does not hand back",
        "201_loop_else_inside_lifted_loops.py: else_after_break_is_skipped line 62: its else clause stores misses, which the loop does not hand back",
        "201_loop_else_inside_lifted_loops.py: module line 96: line 96: stores the global current, which a function reads",
        "72_looplifting.py: closure_touched line 186: line 187: k is shared with a nested scope",
        "75_module_level_loops.py: module line 25: line 25: stores the global scale, which a function reads",
        "83_module_globals.py: module line 5: line 5: stores the global total, which a function reads",
        "86_osr_and_lifting_edges.py: deleted_parameter line 86: line 88: x may be read before it is bound",
        "86_osr_and_lifting_edges.py: else_breaks_outer line 97: the CFG has no loop here (its body always leaves)",
        "88_interleaved_loops.py: accumulator_deleted line 163: line 167: s may be read before it is bound",
        "88_interleaved_loops.py: parameter_deleted line 173: line 177: s may be read before it is bound",
    ];
    assert_eq!(declined, expected);
}

/// A loop storing a variable a nested function shares (`nonlocal`) stays as written: the
/// AST pass alone lifted it and lost the stores (printed 0 instead of 18).
#[test]
fn a_loop_storing_a_shared_variable_stays_as_written() {
    let source = "def counter(n):\n    count = 0\n    def bump(k):\n        nonlocal count\n        count += k\n        return count\n    for i in range(n):\n        count = i * 2\n    return bump(0)\n";
    let mut ast = rustpython_compiler::parser::parse_module(source).expect("parses").into_syntax();
    let analyses = pynum_jit::lift_plan::analyze_source(source);
    let lifting = pynum_jit::looplift::transform(&mut ast, source, &analyses, &[], &[], false);
    assert!(lifting.lifted.is_empty(), "{:?}", lifting.lifted.iter().map(|h| &h.name).collect::<Vec<_>>());
    assert_eq!(lifting.declined, ["counter line 7: line 8: count is shared with a nested scope"]);
}
