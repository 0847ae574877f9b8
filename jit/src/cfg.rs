//! Stage 1b, control flow: basic blocks of decoded bytecode, the CFG on petgraph, and the
//! analyses Numba's `controlflow` computes: dominators, post-dominators, back edges,
//! natural loops (header, body, entries, exits) and node-to-loops.
//!
//! Assumes decoded instructions (`bytecode::decode`). Blocks are named by the offset of
//! their first instruction. Exception edges (a block to the handler that covers it) are
//! part of the graph, so handlers are reachable and dominated correctly, but they never
//! make back edges or loop exits: a loop's exits are where its normal control flow leaves.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use petgraph::algo::dominators::{self, Dominators};
use petgraph::graphmap::DiGraphMap;
use petgraph::visit::Reversed;
use petgraph::Direction;
use rustc_hash::FxBuildHasher;
use rustpython_compiler_core::bytecode::Instruction;

use crate::bytecode::{Bytecode, Instr};

/// The CFG proper; a fast hasher because node ids are small integers we make ourselves.
pub type FlowGraph = DiGraphMap<u32, EdgeKind, FxBuildHasher>;

/// How control reaches a successor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EdgeKind {
    Normal,
    Exception,
}

/// A maximal straight-line run of instructions.
#[derive(Debug, Clone)]
pub struct BasicBlock {
    pub offset: u32,
    /// Indices into `Bytecode::instrs`.
    pub instrs: std::ops::Range<usize>,
    /// Normal successors, in the order the dataflow stage needs: fall-through (or the
    /// branch-taken-when-true path) first.
    pub succs: Vec<u32>,
    /// The handler that covers this block, if any.
    pub unwind: Option<u32>,
}

/// A natural loop, after Numba's `Loop(entries, exits, header, body)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loop {
    pub header: u32,
    pub entries: BTreeSet<u32>,
    pub exits: BTreeSet<u32>,
    pub body: BTreeSet<u32>,
}

#[derive(Debug, Clone)]
pub struct Cfg {
    pub entry: u32,
    /// Reachable blocks only.
    pub blocks: BTreeMap<u32, BasicBlock>,
    pub graph: FlowGraph,
    /// Immediate dominators; [`Cfg::dominator_set`] expands them.
    dominators: Dominators<u32>,
    /// Immediate post-dominators, rooted at [`VIRTUAL_EXIT`].
    post_dominators: Dominators<u32>,
    pub back_edges: Vec<(u32, u32)>,
    pub loops: BTreeMap<u32, Loop>,
    /// Headers of the loops each block belongs to, outermost first.
    pub node_loops: BTreeMap<u32, Vec<u32>>,
}

/// The offset a FOR_ITER's exhausted path continues at: past the END_FOR that CPython
/// leaves at the jump target (`for_iter_jump_target` in the VM does the same).
pub fn for_iter_exit(bc: &Bytecode, target: u32) -> u32 {
    match bc.index_of(target).map(|i| &bc.instrs[i]) {
        Some(Instr { op: Instruction::EndFor, next, .. }) => *next,
        _ => target,
    }
}

/// The offsets control may go to after `instr`, other than falling through.
fn jump_targets(bc: &Bytecode, instr: &Instr) -> Option<u32> {
    let target = instr.target?;
    Some(match instr.op {
        Instruction::ForIter { .. } => for_iter_exit(bc, target),
        _ => target,
    })
}

fn ends_block(op: Instruction) -> bool {
    crate::bytecode::is_jump(op) || is_exit(op)
}

/// Instructions after which control never falls through.
pub fn is_exit(op: Instruction) -> bool {
    matches!(
        op,
        Instruction::ReturnValue
            | Instruction::RaiseVarargs { .. }
            | Instruction::Reraise { .. }
            | Instruction::JumpForward { .. }
            | Instruction::JumpBackward { .. }
            | Instruction::JumpBackwardNoInterrupt { .. }
    )
}

impl Cfg {
    pub fn build(bc: &Bytecode) -> Cfg {
        let mut leaders: BTreeSet<u32> = BTreeSet::from([0]);
        for instr in &bc.instrs {
            if let Some(target) = jump_targets(bc, instr) {
                leaders.insert(target);
            }
            if ends_block(instr.op) {
                leaders.insert(instr.next);
            }
        }
        for h in &bc.handlers {
            leaders.extend([h.start, h.end, h.handler]);
        }
        let starts: Vec<usize> =
            bc.instrs.iter().enumerate().filter(|(_, i)| leaders.contains(&i.offset)).map(|(index, _)| index).collect();
        let mut all_blocks: BTreeMap<u32, BasicBlock> = BTreeMap::new();
        for (n, &start) in starts.iter().enumerate() {
            let end = starts.get(n + 1).copied().unwrap_or(bc.instrs.len());
            let last = &bc.instrs[end - 1];
            let mut succs = Vec::new();
            if !is_exit(last.op) && end < bc.instrs.len() {
                succs.push(bc.instrs[end].offset);
            }
            if let Some(target) = jump_targets(bc, last) {
                if !succs.contains(&target) {
                    succs.push(target);
                }
            }
            let offset = bc.instrs[start].offset;
            let unwind = bc.handler_at(offset).map(|h| h.handler);
            all_blocks.insert(offset, BasicBlock { offset, instrs: start..end, succs, unwind });
        }
        // Keep what the entry reaches.
        let mut graph = FlowGraph::default();
        let mut stack = vec![0u32];
        let mut blocks = BTreeMap::new();
        while let Some(offset) = stack.pop() {
            if blocks.contains_key(&offset) {
                continue;
            }
            let Some(block) = all_blocks.remove(&offset) else { continue };
            graph.add_node(offset);
            for &s in &block.succs {
                graph.add_edge(offset, s, EdgeKind::Normal);
                stack.push(s);
            }
            if let Some(h) = block.unwind {
                if !graph.contains_edge(offset, h) {
                    graph.add_edge(offset, h, EdgeKind::Exception);
                }
                stack.push(h);
            }
            blocks.insert(offset, block);
        }
        let dominators = dominators::simple_fast(&graph, 0);
        let post_dominators = post_dominators(&graph, &blocks);
        let mut cfg = Cfg {
            entry: 0,
            blocks,
            graph,
            dominators,
            post_dominators,
            back_edges: Vec::new(),
            loops: BTreeMap::new(),
            node_loops: BTreeMap::new(),
        };
        cfg.compute_loops();
        cfg
    }

    pub fn normal_succs(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        self.blocks[&node].succs.iter().copied()
    }

    pub fn preds(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        self.graph.neighbors_directed(node, Direction::Incoming)
    }

    /// Whether `a` dominates `b` (every block dominates itself).
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        self.dominators.dominators(b).is_some_and(|mut chain| chain.any(|d| d == a))
    }

    /// All dominators of `node`, itself included.
    pub fn dominator_set(&self, node: u32) -> BTreeSet<u32> {
        self.dominators.dominators(node).map(|it| it.collect()).unwrap_or_default()
    }

    /// All post-dominators of `node`, itself included; empty for blocks that never reach
    /// a return or raise (infinite loops).
    pub fn post_dominator_set(&self, node: u32) -> BTreeSet<u32> {
        self.post_dominators.dominators(node).map(|it| it.filter(|&n| n != VIRTUAL_EXIT).collect()).unwrap_or_default()
    }

    fn compute_loops(&mut self) {
        for (&tail, block) in &self.blocks {
            for &head in &block.succs {
                // Only a jump backwards in the bytecode can close a loop; checking
                // dominance for those alone keeps this linear in practice.
                if head <= tail && self.dominates(head, tail) {
                    self.back_edges.push((tail, head));
                }
            }
        }
        self.back_edges.sort();
        for &(tail, header) in &self.back_edges {
            let mut body = BTreeSet::from([header]);
            let mut stack = vec![tail];
            while let Some(node) = stack.pop() {
                if body.insert(node) {
                    stack.extend(
                        self.graph
                            .edges_directed(node, Direction::Incoming)
                            .filter(|(_, _, kind)| **kind == EdgeKind::Normal)
                            .map(|(p, _, _)| p),
                    );
                }
            }
            let lp = self.loops.entry(header).or_insert_with(|| Loop {
                header,
                entries: BTreeSet::new(),
                exits: BTreeSet::new(),
                body: BTreeSet::new(),
            });
            lp.body.extend(body);
        }
        for lp in self.loops.values_mut() {
            lp.entries = self
                .graph
                .edges_directed(lp.header, Direction::Incoming)
                .filter(|(p, _, kind)| **kind == EdgeKind::Normal && !lp.body.contains(p))
                .map(|(p, _, _)| p)
                .collect();
            lp.exits = lp
                .body
                .iter()
                .flat_map(|n| self.blocks[n].succs.iter().copied())
                .filter(|s| !lp.body.contains(s))
                .collect();
        }
        for &node in self.blocks.keys() {
            let mut containing: Vec<&Loop> = self.loops.values().filter(|l| l.body.contains(&node)).collect();
            // Outermost first: a bigger body encloses a smaller one.
            containing.sort_by_key(|l| std::cmp::Reverse(l.body.len()));
            self.node_loops.insert(node, containing.iter().map(|l| l.header).collect());
        }
    }

    /// The `--dump-cfg` text, in the sections Numba's `NUMBA_DUMP_CFG` prints.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        let adjacency: BTreeMap<u32, Vec<u32>> = self.blocks.iter().map(|(&n, b)| (n, b.succs.clone())).collect();
        let _ = writeln!(out, "CFG adjacency lists:\n{}", map(&adjacency, |v| list(v)));
        let exceptional: BTreeMap<u32, u32> =
            self.blocks.iter().filter_map(|(&n, b)| b.unwind.map(|h| (n, h))).collect();
        if !exceptional.is_empty() {
            let _ = writeln!(out, "CFG exception edges:\n{}", map(&exceptional, |h| h.to_string()));
        }
        let doms: BTreeMap<u32, BTreeSet<u32>> = self.blocks.keys().map(|&n| (n, self.dominator_set(n))).collect();
        let post: BTreeMap<u32, BTreeSet<u32>> = self.blocks.keys().map(|&n| (n, self.post_dominator_set(n))).collect();
        let _ = writeln!(out, "CFG dominators:\n{}", map(&doms, set));
        let _ = writeln!(out, "CFG post-dominators:\n{}", map(&post, set));
        let edges: Vec<String> = self.back_edges.iter().map(|(a, b)| format!("({a}, {b})")).collect();
        let _ = writeln!(out, "CFG back edges: [{}]", edges.join(", "));
        let _ = writeln!(
            out,
            "CFG loops:\n{}",
            map(&self.loops, |l| format!(
                "Loop(entries={}, exits={}, header={}, body={})",
                set(&l.entries),
                set(&l.exits),
                l.header,
                set(&l.body)
            ))
        );
        let _ = writeln!(out, "CFG node-to-loops:\n{}", map(&self.node_loops, |v| list(v)));
        out
    }

    /// Graphviz form: loop headers doubled, back edges bold, exception edges dashed.
    pub fn dot(&self, bc: &Bytecode) -> String {
        let mut out = format!("digraph \"{}\" {{\n  node [shape=box, fontname=monospace];\n", bc.qualname);
        for (&n, block) in &self.blocks {
            let first = &bc.instrs[block.instrs.start];
            let last = &bc.instrs[block.instrs.end - 1];
            let shape = if self.loops.contains_key(&n) { ", peripheries=2" } else { "" };
            let _ = writeln!(
                out,
                "  b{n} [label=\"block{n}\\nline {}\\n{}\"{shape}];",
                first.line,
                crate::bytecode::opname(last.op)
            );
        }
        for (a, b, kind) in self.graph.all_edges() {
            let style = match kind {
                EdgeKind::Exception => " [style=dashed]",
                EdgeKind::Normal if self.back_edges.contains(&(a, b)) => " [style=bold, color=red]",
                EdgeKind::Normal => "",
            };
            let _ = writeln!(out, "  b{a} -> b{b}{style};");
        }
        out.push_str("}\n");
        out
    }
}

/// The node every returning or raising block leads to, for post-dominators.
const VIRTUAL_EXIT: u32 = u32::MAX;

/// Dominators of the reversed graph, from a virtual exit that every block without a
/// normal successor reaches.
fn post_dominators(graph: &FlowGraph, blocks: &BTreeMap<u32, BasicBlock>) -> Dominators<u32> {
    let mut reversed_with_exit = graph.clone();
    reversed_with_exit.add_node(VIRTUAL_EXIT);
    for (&node, block) in blocks {
        if block.succs.is_empty() {
            reversed_with_exit.add_edge(node, VIRTUAL_EXIT, EdgeKind::Normal);
        }
    }
    dominators::simple_fast(Reversed(&reversed_with_exit), VIRTUAL_EXIT)
}

fn list(values: &[u32]) -> String {
    format!("[{}]", values.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
}

fn set(values: &BTreeSet<u32>) -> String {
    if values.is_empty() {
        return "set()".to_owned();
    }
    format!("{{{}}}", values.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
}

fn map<V>(m: &BTreeMap<u32, V>, show: impl Fn(&V) -> String) -> String {
    let items: Vec<String> = m.iter().map(|(k, v)| format!("{k}: {}", show(v))).collect();
    format!("{{{}}}", items.join(",\n "))
}
