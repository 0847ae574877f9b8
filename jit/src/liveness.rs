//! Live-variable analysis over the IR and `del` insertion, as Numba's IR has: a variable
//! dies right after its last use (or right after a definition nobody reads), so object
//! mode releases references as CPython would and later stages see lifetimes.
//!
//! Assumes IR straight from `dataflow` (no `del`s but the user's own). A block's unwind
//! handler may start at any of its instructions, so whatever the handler needs stays
//! alive through the whole block. Cell and free variables are never deleted: `deref`
//! reads them by name. Variables are numbered once and sets are bitsets, which keeps the
//! fixpoint linear in practice.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap as HashMap;

use fixedbitset::FixedBitSet;

use crate::ir::{inst_uses, terminator_uses, Block, BlockId, Function, Inst, InstKind, Var};

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

/// Variables numbered densely, for bitsets.
struct Numbering<'a> {
    index: HashMap<&'a Var, usize>,
    vars: Vec<&'a Var>,
}

impl<'a> Numbering<'a> {
    fn id(&mut self, var: &'a Var) -> usize {
        let next = self.vars.len();
        *self.index.entry(var).or_insert_with(|| {
            self.vars.push(var);
            next
        })
    }
}

/// The block-level fixpoint, in bitsets indexed like `func.blocks`.
struct Solution<'a> {
    numbering: Numbering<'a>,
    live_in: Vec<FixedBitSet>,
    live_out: Vec<FixedBitSet>,
    block_index: HashMap<BlockId, usize>,
}

/// Uses of the terminator and of the unwind edge: read at the end of the block.
fn exit_uses(block: &Block) -> Vec<&Var> {
    let mut uses = Vec::new();
    terminator_uses(&block.terminator, &mut uses);
    if let Some(unwind) = &block.unwind {
        uses.extend(unwind.args.iter());
    }
    uses
}

fn solve(func: &Function) -> Solution<'_> {
    let mut numbering = Numbering { index: HashMap::default(), vars: Vec::new() };
    let block_index: HashMap<BlockId, usize> = func.blocks.iter().enumerate().map(|(i, b)| (b.id, i)).collect();
    // gen: read before written in the block; kill: written (or deleted), params included.
    let mut summaries = Vec::with_capacity(func.blocks.len());
    for block in &func.blocks {
        let mut gen_ids = Vec::new();
        let mut kill_ids = Vec::new();
        for var in exit_uses(block) {
            gen_ids.push(numbering.id(var));
        }
        for inst in block.insts.iter().rev() {
            if let Some(def) = defined(&inst.kind) {
                let id = numbering.id(def);
                kill_ids.push(id);
                gen_ids.retain(|&g| g != id);
            }
            let mut uses = Vec::new();
            inst_uses(&inst.kind, &mut uses);
            gen_ids.extend(uses.into_iter().map(|v| numbering.id(v)));
        }
        for param in block.params.iter().chain(&block.catch_params) {
            let id = numbering.id(param);
            kill_ids.push(id);
            gen_ids.retain(|&g| g != id);
        }
        summaries.push((gen_ids, kill_ids));
    }
    let n = numbering.vars.len();
    let to_set = |ids: &[usize]| {
        let mut set = FixedBitSet::with_capacity(n);
        for &i in ids {
            set.insert(i);
        }
        set
    };
    let gens: Vec<FixedBitSet> = summaries.iter().map(|(g, _)| to_set(g)).collect();
    let kills: Vec<FixedBitSet> = summaries.iter().map(|(_, k)| to_set(k)).collect();
    let successors: Vec<Vec<usize>> =
        func.blocks.iter().map(|b| b.terminator.edges().iter().map(|e| block_index[&e.block]).collect()).collect();
    let handlers: Vec<Option<usize>> =
        func.blocks.iter().map(|b| b.unwind.as_ref().map(|e| block_index[&e.block])).collect();
    let mut live_in = vec![FixedBitSet::with_capacity(n); func.blocks.len()];
    let mut live_out = vec![FixedBitSet::with_capacity(n); func.blocks.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..func.blocks.len()).rev() {
            let mut out = FixedBitSet::with_capacity(n);
            for &s in successors[b].iter().chain(handlers[b].iter()) {
                out.union_with(&live_in[s]);
            }
            let mut inn = out.clone();
            inn.difference_with(&kills[b]);
            inn.union_with(&gens[b]);
            if let Some(h) = handlers[b] {
                // The handler may be entered before any of the block's definitions.
                inn.union_with(&live_in[h]);
            }
            if inn != live_in[b] || out != live_out[b] {
                live_in[b] = inn;
                live_out[b] = out;
                changed = true;
            }
        }
    }
    Solution { numbering, live_in, live_out, block_index }
}

pub fn analyze(func: &Function) -> Liveness {
    let solution = solve(func);
    let to_vars =
        |set: &FixedBitSet| -> BTreeSet<Var> { set.ones().map(|i| solution.numbering.vars[i].clone()).collect() };
    let mut result = Liveness::default();
    for block in &func.blocks {
        let b = solution.block_index[&block.id];
        result.live_in.insert(block.id, to_vars(&solution.live_in[b]));
        result.live_out.insert(block.id, to_vars(&solution.live_out[b]));
    }
    result
}

/// Inserts `del v` after the last use of every variable that is not live out of its block.
pub fn insert_dels(func: &mut Function) {
    let plans = plan_dels(func);
    for (block, plan) in func.blocks.iter_mut().zip(plans) {
        let mut rewritten = Vec::with_capacity(block.insts.len() + plan.len());
        let mut pending = plan.into_iter().peekable();
        // `usize::MAX` marks deletions at the block's start (unused parameters).
        while let Some((_, var)) = pending.next_if(|(at, _)| *at == usize::MAX) {
            let line = block.insts.first().map_or(block.terminator_line, |i| i.line);
            rewritten.push(Inst { kind: InstKind::Del(var), line });
        }
        for (i, inst) in block.insts.drain(..).enumerate() {
            let line = inst.line;
            rewritten.push(inst);
            while let Some((_, var)) = pending.next_if(|(at, _)| *at == i) {
                rewritten.push(Inst { kind: InstKind::Del(var), line });
            }
        }
        block.insts = rewritten;
    }
}

/// For each block, the variables to delete and the instruction they follow, in order.
fn plan_dels(func: &Function) -> Vec<Vec<(usize, Var)>> {
    let function_params: Vec<Var> = func.params.iter().map(|p| Var(p.clone())).collect();
    let solution = solve(func);
    let mut numbering = solution.numbering;
    let cells: Vec<usize> = func.cells.iter().filter_map(|c| numbering.index.get(&Var(c.clone())).copied()).collect();
    let entry = func.blocks.first().map(|b| b.id);
    let mut plans = Vec::with_capacity(func.blocks.len());
    for block in &func.blocks {
        let b = solution.block_index[&block.id];
        let n = numbering.vars.len();
        let mut live = solution.live_out[b].clone();
        live.grow(n);
        if let Some(handler) = &block.unwind {
            live.union_with(&solution.live_in[solution.block_index[&handler.block]]);
        }
        for var in exit_uses(block) {
            live.insert(numbering.index[var]);
        }
        let mut plan: Vec<(usize, Var)> = Vec::new();
        for (i, inst) in block.insts.iter().enumerate().rev() {
            let mut uses = Vec::new();
            inst_uses(&inst.kind, &mut uses);
            let def = defined(&inst.kind).map(|d| numbering.index[d]);
            let is_user_del = matches!(inst.kind, InstKind::Del(_));
            // In operand order, each once.
            let mut dels: Vec<usize> = Vec::new();
            for u in uses.iter().map(|v| numbering.index[v]) {
                if !live.contains(u) && Some(u) != def && !dels.contains(&u) {
                    dels.push(u);
                }
            }
            if let Some(d) = def {
                if !is_user_del && !live.contains(d) {
                    dels.push(d); // a dead store
                }
            }
            for &d in dels.iter().rev() {
                if !cells.contains(&d) {
                    plan.push((i, numbering.vars[d].clone()));
                }
            }
            if let Some(d) = def {
                live.set(d, false);
            }
            for u in &uses {
                live.insert(numbering.index[u]);
            }
        }
        let mut unused: Vec<&Var> = block.params.iter().chain(&block.catch_params).collect();
        if Some(block.id) == entry {
            unused.extend(function_params.iter());
        }
        for var in unused.into_iter().rev() {
            let id = numbering.id(var);
            if id >= live.len() || !live.contains(id) {
                plan.push((usize::MAX, var.clone()));
            }
        }
        plan.reverse();
        // Deletions at the start come first, then by instruction.
        plan.sort_by_key(|(at, _)| if *at == usize::MAX { 0 } else { at + 1 });
        plans.push(plan);
    }
    plans
}
