//! Live-variable analysis over the IR and `del` insertion, as Numba's IR has: a variable
//! dies right after its last use (or right after a definition nobody reads), so object
//! mode releases references as CPython would and later stages see lifetimes.
//!
//! Assumes IR straight from `dataflow` (no `del`s but the user's own). A block's unwind
//! handler may start at any of its instructions, so whatever the handler needs stays
//! alive through the whole block.

use std::collections::{BTreeMap, BTreeSet};

use crate::ir::{inst_uses, terminator_uses, BlockId, Function, Inst, InstKind, Var};

/// Live-in and live-out sets of every block.
#[derive(Debug, Clone, Default)]
pub struct Liveness {
    pub live_in: BTreeMap<BlockId, BTreeSet<Var>>,
    pub live_out: BTreeMap<BlockId, BTreeSet<Var>>,
}

fn defined(kind: &InstKind) -> Option<&Var> {
    match kind {
        InstKind::Assign { target, .. } | InstKind::Del(target) => Some(target),
        _ => None,
    }
}

pub fn analyze(func: &Function) -> Liveness {
    let mut result = Liveness::default();
    for b in &func.blocks {
        result.live_in.insert(b.id, BTreeSet::new());
        result.live_out.insert(b.id, BTreeSet::new());
    }
    let mut changed = true;
    while changed {
        changed = false;
        for block in func.blocks.iter().rev() {
            let mut out: BTreeSet<Var> = BTreeSet::new();
            for edge in block.terminator.edges().into_iter().chain(block.unwind.iter()) {
                out.extend(result.live_in[&edge.block].iter().cloned());
            }
            let mut live = out.clone();
            let mut uses = Vec::new();
            terminator_uses(&block.terminator, &mut uses);
            if let Some(unwind) = &block.unwind {
                uses.extend(unwind.args.iter());
            }
            live.extend(uses.into_iter().cloned());
            for inst in block.insts.iter().rev() {
                if let Some(def) = defined(&inst.kind) {
                    live.remove(def);
                }
                let mut uses = Vec::new();
                inst_uses(&inst.kind, &mut uses);
                live.extend(uses.into_iter().cloned());
            }
            for param in block.params.iter().chain(&block.catch_params) {
                live.remove(param);
            }
            if let Some(handler) = &block.unwind {
                live.extend(result.live_in[&handler.block].iter().cloned());
            }
            if result.live_in[&block.id] != live {
                result.live_in.insert(block.id, live);
                changed = true;
            }
            if result.live_out[&block.id] != out {
                result.live_out.insert(block.id, out);
                changed = true;
            }
        }
    }
    result
}

/// Inserts `del v` after the last use of every variable that is not live out of its block.
pub fn insert_dels(func: &mut Function) {
    let liveness = analyze(func);
    let params: BTreeSet<Var> = func.params.iter().map(|p| Var(p.clone())).collect();
    let entry = func.blocks.first().map(|b| b.id);
    for block in &mut func.blocks {
        let mut live: BTreeSet<Var> = liveness.live_out[&block.id].clone();
        if let Some(handler) = &block.unwind {
            live.extend(liveness.live_in[&handler.block].iter().cloned());
            live.extend(handler.args.iter().cloned());
        }
        let mut uses = Vec::new();
        terminator_uses(&block.terminator, &mut uses);
        live.extend(uses.into_iter().cloned());
        let mut rewritten: Vec<Inst> = Vec::with_capacity(block.insts.len() * 2);
        for inst in block.insts.iter().rev() {
            let mut dels = Vec::new();
            let mut uses = Vec::new();
            inst_uses(&inst.kind, &mut uses);
            let def = defined(&inst.kind).cloned();
            let is_user_del = matches!(inst.kind, InstKind::Del(_));
            for var in uses.iter().map(|v| (*v).clone()).collect::<BTreeSet<_>>() {
                if !live.contains(&var) && Some(&var) != def.as_ref() {
                    dels.push(var);
                }
            }
            if let Some(def) = &def {
                if !is_user_del && !live.contains(def) {
                    dels.push(def.clone()); // a dead store
                }
            }
            for var in dels.into_iter().rev() {
                rewritten.push(Inst { kind: InstKind::Del(var), line: inst.line });
            }
            rewritten.push(inst.clone());
            if let Some(def) = &def {
                live.remove(def);
            }
            live.extend(uses.into_iter().cloned());
        }
        // Parameters (of the block, or of the function at the entry) nobody reads.
        let mut unused_params: Vec<Var> =
            block.params.iter().chain(&block.catch_params).filter(|p| !live.contains(*p)).cloned().collect();
        if Some(block.id) == entry {
            unused_params.extend(params.iter().filter(|p| !live.contains(*p)).cloned());
        }
        let line = block.insts.first().map_or(block.terminator_line, |i| i.line);
        for var in unused_params.into_iter().rev() {
            rewritten.push(Inst { kind: InstKind::Del(var), line });
        }
        rewritten.reverse();
        block.insts = rewritten;
    }
}
