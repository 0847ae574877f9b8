//! Loop rotation: a loop's latch that jumps back to a small header ending in a branch
//! gets a copy of the header instead, so each iteration tests its condition at the
//! bottom and takes one branch back, rather than a jump to the header and a branch out
//! of it (a `for i in range(n)` loop's header is its trip test).
//!
//! Assumes LIR's conventions ([`super`]): blocks take no parameters and variables are
//! mutable, so a block's instructions run as well at the end of another block that
//! jumps to it. The header itself stays (the loop's entry and any tier-up resume still
//! reach it).

use super::bounds;
use super::{BlockData, Function, Op, Terminator, Var};

/// The largest header copied into a latch, in instructions: a `range` loop's trip test
/// is about 20 (mostly copies the backends drop); bigger headers are real work, and a
/// copy of them would only grow the code.
const MAX_HEADER: usize = 24;

/// The most instructions rotation may add to one function: a loop with many `continue`s
/// has a latch for each, and each gets a copy.
const MAX_GROWTH: usize = 256;

/// Rotates the loops of `function` whose latches end in a plain jump to a header that
/// ends in a branch, is small and calls nothing. Returns how many latches it rewrote.
pub fn rotate_loops(function: &mut Function) -> usize {
    let local = function.block_local_variables();
    let mut grown = 0;
    let mut rotated = 0;
    for (latch, header) in bounds::back_edges(function) {
        if latch == header || function.blocks[latch].terminator != Terminator::Jump(super::Block(header as u32)) {
            continue;
        }
        let head = &function.blocks[header];
        let small = head.insts.len() <= MAX_HEADER
            && head.insts.iter().all(|inst| !matches!(inst.op, Op::Call { .. } | Op::CallHelper { .. }));
        if !small || !matches!(head.terminator, Terminator::Brif { .. }) || grown + head.insts.len() > MAX_GROWTH {
            continue;
        }
        grown += head.insts.len();
        let copy = copies_with_fresh_locals(function, &[header], &local).remove(0);
        let block = &mut function.blocks[latch];
        block.insts.extend(copy.insts);
        block.terminator = copy.terminator;
        block.terminator_line = copy.terminator_line;
        rotated += 1;
    }
    rotated
}

/// Copies of `blocks`, each variable local to one of them (`local`: defined once, read
/// only in its block) renamed to a new variable, so that both the originals and the
/// copies keep their locals local, which backends treat as plain values. New variables
/// are numbered in the order of their first definition.
pub(super) fn copies_with_fresh_locals(function: &mut Function, blocks: &[usize], local: &[bool]) -> Vec<BlockData> {
    let Function { blocks: all, vars, .. } = function;
    let mut renames: std::collections::HashMap<Var, Var> = std::collections::HashMap::new();
    for &b in blocks {
        for inst in &all[b].insts {
            inst.op.for_each_def(|v| {
                if local.get(v.0 as usize).copied().unwrap_or(false) && !renames.contains_key(&v) {
                    vars.push(vars[v.0 as usize]);
                    renames.insert(v, Var(vars.len() as u32 - 1));
                }
            });
        }
    }
    let rename = |v: Var| renames.get(&v).copied().unwrap_or(v);
    blocks.iter().map(|&b| super::inline::renamed_block(&all[b], &rename)).collect()
}

#[cfg(test)]
mod tests {
    use super::rotate_loops;
    use crate::lir::{parse_module, run, Block, Module, Terminator};

    /// `i = 0; while i < n: total += i; i += 1` with a `continue` when `i == 3`: two
    /// latches (the `continue` and the end of the body) jump back to the header's test.
    const TWO_LATCHES: &str = r#"function "f"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i1, v4: i64, v5: i1, v6: i64
block0:
  v1 = iconst.i64 0
  v2 = iconst.i64 0
  v6 = iconst.i64 1
  v4 = iconst.i64 3
  jump block1
block1:
  v3 = icmp slt v1, v0
  brif v3, block2, block4
block2:
  v1 = iadd v1, v6
  v5 = icmp eq v1, v4
  brif v5, block1, block3
block3:
  v2 = iadd v2, v1
  jump block1
block4:
  return v2
"#;

    fn outcome(module: &Module, n: i64) -> String {
        format!("{:?}", run(module, 0, &[n as u64], 100, 100_000))
    }

    #[test]
    fn a_latch_jumping_to_the_header_tests_at_the_bottom_with_the_same_results() {
        let original = parse_module(TWO_LATCHES).unwrap();
        let mut rotated = original.clone();
        // block3 jumps to the header; block2 branches to it, which rotation leaves alone.
        assert_eq!(rotate_loops(&mut rotated.functions[0]), 1);
        let latch = &rotated.functions[0].blocks[3];
        assert_eq!(
            latch.terminator,
            Terminator::Brif { cond: latch_cond(&rotated), then: Block(2), otherwise: Block(4) }
        );
        // The header's local comparison got a variable of its own in the copy.
        assert_eq!(rotated.functions[0].vars.len(), original.functions[0].vars.len() + 1);
        // Appended, and no block added: tier 2 compiles the original and resumes from the
        // rotated code's tier-up states (block in word 0, variable `v` in word `1 + v`).
        let (before, after) = (&original.functions[0], &rotated.functions[0]);
        assert_eq!(after.vars[..before.vars.len()], before.vars[..]);
        assert_eq!(after.blocks.len(), before.blocks.len());
        crate::lir::verify(&rotated).unwrap();
        for n in [-1, 0, 1, 3, 4, 10, 1000] {
            assert_eq!(outcome(&original, n), outcome(&rotated, n), "f({n})");
        }
    }

    fn latch_cond(module: &Module) -> crate::lir::Var {
        match module.functions[0].blocks[3].terminator {
            Terminator::Brif { cond, .. } => cond,
            _ => panic!("block3 was not rotated:\n{module}"),
        }
    }
}
