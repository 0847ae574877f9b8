//! The named locals a function may read while they are unbound: a forward
//! "definitely assigned" analysis over the IR, so that native code checks exactly those
//! reads at run time (Python raises `UnboundLocalError` there; native code would read
//! whatever the register held).
//!
//! Assumes the first block is the entry and parameters are bound on entry. A `del` (the
//! user's, or liveness's after a last use) unbinds. An exception handler is entered from
//! anywhere in its protected block, so it only counts what was bound at that block's
//! start. Temporaries (`$b.i`) are always defined before use by construction.

use std::collections::BTreeSet;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::ir::{inst_uses, terminator_uses, BlockId, Expr, Function, InstKind, Var};

/// Named locals with at least one read that may find them unbound.
pub fn maybe_unbound_reads(func: &Function) -> BTreeSet<Var> {
    if func.blocks.is_empty() {
        return BTreeSet::new();
    }
    let index: HashMap<BlockId, usize> = func.blocks.iter().enumerate().map(|(i, b)| (b.id, i)).collect();
    let saved = saved_temps(func);
    // `None` is "not reached yet": the top of the lattice, everything bound.
    let mut bound_in: Vec<Option<HashSet<&Var>>> = vec![None; func.blocks.len()];
    let params: Vec<Var> = func.params.iter().map(|p| Var(p.clone())).collect();
    bound_in[0] = Some(params.iter().collect());
    let mut changed = true;
    while changed {
        changed = false;
        for (i, block) in func.blocks.iter().enumerate() {
            let Some(start) = bound_in[i].clone() else { continue };
            if let Some(unwind) = &block.unwind {
                if let Some(&h) = index.get(&unwind.block) {
                    changed |= meet(&mut bound_in[h], &start);
                }
            }
            let mut bound = start;
            for inst in &block.insts {
                transfer(&mut bound, &inst.kind, &saved);
            }
            for edge in block.terminator.edges() {
                if let Some(&s) = index.get(&edge.block) {
                    changed |= meet(&mut bound_in[s], &bound);
                }
            }
        }
    }
    let mut unbound = BTreeSet::new();
    for (i, block) in func.blocks.iter().enumerate() {
        let Some(mut bound) = bound_in[i].clone() else { continue };
        let mut check = |uses: Vec<&Var>, bound: &HashSet<&Var>| {
            for var in uses {
                if !var.is_temp() && !bound.contains(var) {
                    unbound.insert(var.clone());
                }
            }
        };
        for inst in &block.insts {
            let mut uses = Vec::new();
            // Saving a comprehension's variable reads it bound or not.
            if !matches!(inst.kind, InstKind::Assign { value: Expr::SavedLocal(_), .. }) {
                inst_uses(&inst.kind, &mut uses);
            }
            check(uses, &bound);
            transfer(&mut bound, &inst.kind, &saved);
        }
        let mut uses = Vec::new();
        terminator_uses(&block.terminator, &mut uses);
        check(uses, &bound);
    }
    unbound
}

/// An instruction's effect on what is bound: an assignment binds, a `del` unbinds, and
/// putting back a comprehension's saved binding may leave the local unbound.
fn transfer<'a>(bound: &mut HashSet<&'a Var>, kind: &'a InstKind, saved: &HashSet<&Var>) {
    match kind {
        InstKind::Assign { target, value: Expr::Var(source) } if saved.contains(source) => {
            bound.remove(target);
        }
        InstKind::Assign { target, .. } => {
            bound.insert(target);
        }
        InstKind::Del(target) => {
            bound.remove(target);
        }
        _ => {}
    }
}

/// The temporaries holding a comprehension's saved binding (`saved_local`), through
/// copies and the block parameters that carry it around the comprehension's loop.
pub(crate) fn saved_temps(func: &Function) -> HashSet<&Var> {
    let mut saved: HashSet<&Var> = HashSet::default();
    let mut changed = true;
    while changed {
        changed = false;
        for block in &func.blocks {
            for inst in &block.insts {
                if let InstKind::Assign { target, value } = &inst.kind {
                    let from_saved = match value {
                        Expr::SavedLocal(_) => true,
                        Expr::Var(source) => target.is_temp() && saved.contains(source),
                        _ => false,
                    };
                    if from_saved {
                        changed |= saved.insert(target);
                    }
                }
            }
            for edge in block.terminator.edges().into_iter().chain(block.unwind.iter()) {
                let Some(to) = func.blocks.iter().find(|b| b.id == edge.block) else { continue };
                for (param, arg) in to.params.iter().zip(&edge.args) {
                    if saved.contains(arg) {
                        changed |= saved.insert(param);
                    }
                }
            }
        }
    }
    saved
}

/// Meets `incoming` into a block's entry set; whether it changed.
fn meet<'a>(slot: &mut Option<HashSet<&'a Var>>, incoming: &HashSet<&'a Var>) -> bool {
    match slot {
        None => {
            *slot = Some(incoming.clone());
            true
        }
        Some(current) => {
            let before = current.len();
            current.retain(|v| incoming.contains(v));
            current.len() != before
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unbound_in(source: &str) -> Vec<String> {
        let code = rustpython_compiler::compile(source, rustpython_compiler::Mode::Exec, "<test>", Default::default())
            .expect("compiles");
        let mut codes = Vec::new();
        crate::bytecode::walk_code_objects(&code, &mut codes);
        let func = crate::analyze(codes[1]).expect("analyzes").ir.expect("translates");
        maybe_unbound_reads(&func).into_iter().map(|v| v.0).collect()
    }

    #[test]
    fn loop_variable_read_after_a_loop_that_may_not_run() {
        assert_eq!(unbound_in("def h(n):\n    for i in range(n):\n        pass\n    return i\n"), ["i"]);
    }

    #[test]
    fn bound_on_every_path() {
        let source = "def h(n):\n    if n:\n        x = 1\n    else:\n        x = 2\n    t = 0\n    for i in range(n):\n        t += x\n    return t\n";
        assert!(unbound_in(source).is_empty());
    }

    #[test]
    fn bound_on_one_branch_only() {
        assert_eq!(unbound_in("def h(n):\n    if n:\n        y = 1\n    return y\n"), ["y"]);
    }

    #[test]
    fn read_after_user_del() {
        assert_eq!(unbound_in("def h(n):\n    z = n\n    del z\n    return z\n"), ["z"]);
    }
}
